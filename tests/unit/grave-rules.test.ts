import { describe, expect, it } from 'vitest';
import {
  addYears,
  periodsOverlap,
  termValues,
  titularValues,
} from '../../src/domain/concession-rules';
import { bulkNumbers, graveLabel, graveProblem } from '../../src/domain/grave-rules';

describe('grave and concession rules', () => {
  it('names a grave without repeating the street word', () => {
    expect(graveLabel({ quadra: '12', rua: 'Rua das Flores', numero: '458' })).toBe(
      'Quadra 12 · Rua das Flores · nº 458',
    );
    expect(graveLabel({ quadra: '12', rua: null, numero: '458' })).toBe('Quadra 12 · nº 458');
  });
  it('checks places and ranges', () => {
    expect(graveProblem({ quadra: ' ' })?.field).toBe('quadra');
    expect(graveProblem({ latitude: 1, longitude: null })?.field).toBe('latitude');
    expect(bulkNumbers(1, 200)).toMatchObject({ numbers: expect.arrayContaining(['1', '200']) });
    expect(bulkNumbers(5, 1)).toMatchObject({ field: 'numeroFinal' });
  });
  it('computes terms and overlaps; refuses a CPF without valid check digits', () => {
    expect(addYears('2024-02-29', 3)).toBe('2027-02-28');
    expect(termValues({ regime: 'temporaria', anos: 5, inicio: '10/03/2020' }, 3)).toEqual({
      inicio: '2020-03-10',
      fim: '2025-03-10',
      anos: 5,
    });
    expect(
      termValues({ regime: 'perpetua', inicio: '2020-01-01', fim: '2030-01-01' }, 3),
    ).toMatchObject({ field: 'fim' });
    expect(periodsOverlap('2020-01-01', null, '2010-01-01', '2020-01-01')).toBe(false);
    expect(periodsOverlap('2019-12-31', null, '2010-01-01', '2020-01-01')).toBe(true);
    expect(titularValues({ titularNome: 'A', titularCpf: '529.982.247-25' }, true)).toMatchObject({
      titularCpf: '52998224725',
    });
    expect(titularValues({ titularNome: 'A', titularCpf: '529.982.247-24' }, true)).toMatchObject({
      field: 'titularCpf',
    });
  });
});
