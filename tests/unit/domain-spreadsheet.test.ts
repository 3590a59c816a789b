/** src/domain/spreadsheet.ts: header suggestions, the row check (the form's rules), formulas. */
import { describe, expect, it } from 'vitest';
import { SEP_MSG } from '../../src/domain/burial-messages';
import {
  checkRow,
  duplicateField,
  headerKey,
  neutralizeFormula,
  suggestField,
  suggestMapping,
  unmappedRequired,
} from '../../src/domain/spreadsheet';
import { SHEET_MSG } from '../../src/domain/spreadsheet-messages';

describe('spreadsheet columns', () => {
  it('suggests a field whatever the case, accents, particles or camelCase', () => {
    for (const h of [
      'Data de Falecimento',
      'dt falecimento',
      'dtFal',
      'DATA_FALECIMENTO',
      'Óbito',
    ]) {
      expect(suggestField(h), h).toBe('dtFal');
    }
    expect(suggestField('Data de nascimento')).toBe('dtNasc');
    expect(suggestField('Nome da Mãe')).toBe('mae');
    expect(suggestField('Placa')).toBe('chapa');
    expect(suggestField('Naturalidade')).toBe('nacionalidade');
    expect(suggestField('Cemitério')).toBe('cemiterio');
    expect(suggestField('_id')).toBe('id');
    expect(suggestField('Identificador')).toBe('id');
    expect(suggestField('Observação')).toBeNull();
    expect(headerKey('Data de Falecimento')).toBe(headerKey('dt falecimento'));
  });

  it('gives a field to the first column naming it, and finds fields mapped twice', () => {
    expect(suggestMapping(['Nome', 'nome', 'Quadra'])).toEqual(['nome', null, 'quadra']);
    expect(duplicateField(['nome', 'quadra', 'nome'])).toBe('nome');
    expect(duplicateField(['nome', null, null])).toBeNull();
    expect(unmappedRequired(['nome', 'quadra'])).toEqual(['chapa', 'dtFal']);
  });

  it('neutralizes formula-like text on export', () => {
    expect(neutralizeFormula('=HYPERLINK("x")')).toBe(`'=HYPERLINK("x")`);
    for (const t of ['+1', '-2', '@SUM(A1)', '\tx']) expect(neutralizeFormula(t)).toBe(`'${t}`);
    expect(neutralizeFormula('Maria')).toBe('Maria');
  });
});

describe('checkRow', () => {
  const mapping = ['nome', 'dtFal', 'quadra', 'chapa', 'id'] as const;

  it('creates with the form rules: required fields, real dates, normalized values', () => {
    const ok = checkRow(['  Ana  ', '05/07/2023', '12', '0458', ''], [...mapping]);
    expect(ok.errors).toEqual({});
    expect(ok.id).toBeNull();
    expect(ok.values).toMatchObject({ nome: 'Ana', dtFal: '2023-07-05', quadra: '12' });
    const bad = checkRow(['', '31/02/2023', '12', '', ''], [...mapping]);
    expect(bad.errors).toEqual({
      nome: SEP_MSG.nomeRequired,
      dtFal: SEP_MSG.dtFalInvalid,
      chapa: SEP_MSG.chapaRequired,
    });
  });

  it('refuses a bare formula, keeps an apostrophe-escaped one as text', () => {
    expect(checkRow(['=1+1', '05/07/2023', '1', '1', ''], [...mapping]).errors).toEqual({
      nome: SHEET_MSG.formula,
    });
    const escaped = checkRow(["'-Ana", '05/07/2023', '1', '1', ''], [...mapping]);
    expect(escaped.values.nome).toBe('-Ana');
  });

  it('an id makes it an update of the mapped fields only (edit rules)', () => {
    const row = checkRow(
      ['', '', '', '', '0123456789abcdef01234567'],
      [null, null, null, null, 'id'],
    );
    expect(row).toMatchObject({ id: '0123456789abcdef01234567', errors: {} });
    expect(checkRow(['x'], ['id']).errors).toEqual({ id: SHEET_MSG.badId });
    // A required field sent empty still cannot be cleared.
    const cleared = checkRow(['', '0123456789abcdef01234567'], ['nome', 'id']);
    expect(cleared.errors).toEqual({ nome: SEP_MSG.nomeRequired });
  });
});
