/**
 * The pure rules of abandonment cases and re-registration (src/domain): the waiting period from
 * the last notice (inspections do not count), calendar arithmetic across months and leap days,
 * a campaign's dates, and a request's CPF and phone.
 */
import { describe, expect, it } from 'vitest';
import { addDays, noteValue, stepDate, waitingEnds } from '../../src/domain/comisso-rules';
import {
  campaignValues,
  RECAD_MSG,
  refusalReason,
  requestValues,
} from '../../src/domain/recadastramento-rules';

describe('comisso rules', () => {
  it('adds days across months, years and 29 February', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2023-02-28', 1)).toBe('2023-03-01');
    expect(addDays('2026-12-15', 90)).toBe('2027-03-15');
  });

  it('counts the waiting period from the last notice, not from an inspection', () => {
    expect(waitingEnds([{ tipo: 'vistoria', data: '2026-01-01' }], 90)).toBeNull();
    expect(
      waitingEnds(
        [
          { tipo: 'notificacao', data: '2026-01-10' },
          { tipo: 'edital', data: '2026-02-01' },
          { tipo: 'vistoria', data: '2026-05-01' },
          { tipo: 'edital', data: '2026-01-20' },
        ],
        30,
      ),
    ).toBe('2026-03-03');
  });

  it('checks a step date and note', () => {
    expect(stepDate('05/03/2026')).toBe('2026-03-05');
    expect(stepDate('30/02/2026')).toMatchObject({ field: 'data' });
    expect(stepDate('')).toMatchObject({ field: 'data' });
    expect(noteValue('  ')).toBeNull();
    expect(noteValue('x'.repeat(2001))).toMatchObject({ field: 'nota' });
  });
});

describe('recadastramento rules', () => {
  it('takes a campaign in DD/MM/AAAA, the end not before the start', () => {
    expect(campaignValues({ inicio: '01/03/2026', fim: '31/05/2026' })).toEqual({
      nome: null,
      inicio: '2026-03-01',
      fim: '2026-05-31',
    });
    expect(campaignValues({ inicio: '01/03/2026', fim: '28/02/2026' })).toEqual({
      field: 'fim',
      message: RECAD_MSG.endBeforeStart,
    });
    expect(campaignValues({ inicio: '01/01/2020', fim: '01/01/2031' })).toEqual({
      field: 'fim',
      message: RECAD_MSG.tooLong,
    });
  });

  it('needs a CPF with check digits and a phone', () => {
    expect(
      requestValues({
        titularNome: ' Ana  Maria ',
        titularCpf: '529.982.247-25',
        titularTelefone: '(11) 98765-4321',
      }),
    ).toEqual({
      titularNome: 'Ana Maria',
      titularCpf: '52998224725',
      titularTelefone: '11987654321',
    });
    expect(
      requestValues({
        titularNome: 'Ana',
        titularCpf: '529.982.247-24',
        titularTelefone: '11987654321',
      }),
    ).toMatchObject({ field: 'titularCpf' });
    expect(
      requestValues({ titularNome: 'Ana', titularCpf: '52998224725', titularTelefone: '' }),
    ).toEqual({ field: 'titularTelefone', message: RECAD_MSG.phoneRequired });
    expect(refusalReason(' ')).toEqual({ field: 'motivo', message: RECAD_MSG.motivoRequired });
  });
});
