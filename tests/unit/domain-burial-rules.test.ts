import { describe, expect, it } from 'vitest';
import { formatBrDate, parseBrDate, parseDate } from '../../src/domain/burial-dates';
import {
  DISPLAY,
  displayDate,
  displayEpitafio,
  displayIdade,
  displayText,
  PLACEHOLDERS,
  resolveImage,
} from '../../src/domain/burial-display';
import { SEP_MSG } from '../../src/domain/burial-messages';
import { normalizeBurial, validateBurial } from '../../src/domain/burial-rules';

describe('burial dates', () => {
  it.each([
    ['29/02/2024', '2024-02-29'],
    ['29/02/2000', '2000-02-29'],
    ['31/12/1000', '1000-12-31'],
    ['01/01/2025', '2025-01-01'],
    [' 30/04/1999 ', '1999-04-30'],
  ])('reads %s as %s', (text, iso) => expect(parseBrDate(text)).toBe(iso));

  it.each([
    '29/02/2023',
    '29/02/1900',
    '31/04/2020',
    '00/01/2020',
    '01/00/2020',
    '01/13/2020',
    '31/12/0999',
    '1/1/2020',
    '01-01-2020',
    '2020-01-01',
    '',
    '01/01/20200',
  ])('refuses %s as DD/MM/AAAA', (text) => expect(parseBrDate(text)).toBeNull());

  it('accepts ISO too where the API does, with the same rules', () => {
    expect(parseDate('2024-02-29')).toBe('2024-02-29');
    expect(parseDate('2023-02-29')).toBeNull();
    expect(parseDate('0999-01-01')).toBeNull();
    expect(parseDate('05/07/2023')).toBe('2023-07-05');
  });

  it('formats ISO as DD/MM/AAAA and unreadable values as empty', () => {
    expect(formatBrDate('2023-07-05')).toBe('05/07/2023');
    expect(formatBrDate('2023-07-05T10:00:00.000Z')).toBe('05/07/2023');
    expect(formatBrDate(null)).toBe('');
    expect(formatBrDate('ontem')).toBe('');
  });
});

describe('validateBurial', () => {
  const ok = { nome: 'Maria', dtFal: '05/07/2023', quadra: '1', chapa: '0458' };

  it('accepts a minimal record', () => {
    expect(validateBurial(ok)).toEqual({});
  });

  it('answers every missing required field with the spec texts', () => {
    expect(validateBurial({})).toEqual({
      nome: SEP_MSG.nomeRequired,
      dtFal: SEP_MSG.dtFalInvalid,
      quadra: SEP_MSG.quadraRequired,
      chapa: SEP_MSG.chapaRequired,
    });
  });

  it('checks only what an edit sends, but a required field cannot be cleared', () => {
    expect(validateBurial({ epitafio: 'x' }, { partial: true })).toEqual({});
    expect(validateBurial({ quadra: ' ' }, { partial: true })).toEqual({
      quadra: SEP_MSG.quadraRequired,
    });
  });

  it.each([
    [{ idade: 150 }, {}],
    [{ idade: '0' }, {}],
    [{ idade: 150.5 }, { idade: SEP_MSG.idadeInvalid }],
    [{ idade: '1e2' }, { idade: SEP_MSG.idadeInvalid }],
    [{ dtNasc: '06/07/2023' }, { dtNasc: SEP_MSG.dtNascAfterDtFal }],
    [{ dtNasc: '05/07/2023' }, {}],
    [{ latitude: '-90' }, {}],
    [{ latitude: '-90.0001' }, { latitude: SEP_MSG.latitudeInvalid }],
    [{ longitude: 'leste' }, { longitude: SEP_MSG.longitudeInvalid }],
    [{ tipoSepultura: 'capela' }, {}],
    [{ tipoSepultura: 'Cova' }, { tipoSepultura: SEP_MSG.tipoSepulturaInvalid }],
    [{ epitafio: 'x'.repeat(1001) }, { epitafio: 'Use no máximo 1000 caracteres' }],
  ])('%o → %o', (change, errors) => {
    expect(validateBurial({ ...ok, ...change })).toEqual(errors);
  });
});

describe('normalizeBurial', () => {
  it('turns input into stored values, only for the fields present', () => {
    expect(
      normalizeBurial({
        nome: '  Maria  ',
        idade: '82',
        dtFal: '05/07/2023',
        tipoSepultura: 'jazigo',
        latitude: '-20,38',
        mae: '',
      }),
    ).toEqual({
      nome: 'Maria',
      idade: 82,
      dtFal: '2023-07-05',
      tipoSepultura: 'Jazigo',
      latitude: -20.38,
      mae: null,
    });
  });
});

describe('display defaults and image paths', () => {
  it('uses the spec defaults for missing values', () => {
    expect(displayDate(null)).toBe(DISPLAY.unknownDate);
    expect(displayDate('2023-07-05')).toBe('05/07/2023');
    expect(displayIdade(null)).toBe('Desconhecida');
    expect(displayIdade(0)).toBe('0');
    expect(displayText('  ')).toBe('Informação desconhecida');
    expect(displayText(undefined, DISPLAY.unknownCard)).toBe('Inform. desconhecida');
    expect(displayEpitafio('')).toBe('Descanse em paz');
  });

  it.each([
    [null, PLACEHOLDERS.home],
    [undefined, PLACEHOLDERS.home],
    ['', PLACEHOLDERS.home],
    ['/', PLACEHOLDERS.home],
    ['https://cdn.exemplo.com/a.jpg', 'https://cdn.exemplo.com/a.jpg'],
    ['/uploads/a.jpg', '/uploads/a.jpg'],
    ['abc.webp', '/api/images/sepultados/abc.webp'],
    ['../../etc/passwd', '/api/images/sepultados/..%2F..%2Fetc%2Fpasswd'],
  ])('resolves %s to %s', (value, url) => {
    expect(resolveImage(value, PLACEHOLDERS.home)).toBe(url);
  });

  it('resolves other folders and API bases', () => {
    expect(resolveImage('a.webp', PLACEHOLDERS.avatar, 'users', 'https://api.x/api/')).toBe(
      'https://api.x/api/images/users/a.webp',
    );
  });
});
