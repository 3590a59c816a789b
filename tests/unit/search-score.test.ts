import { describe, expect, it } from 'vitest';
import { chooseFuzzyTerms, letterSwaps } from '../../src/domain/search-fuzzy';
import { parseQuery } from '../../src/domain/search-query';
import { rankRecords } from '../../src/domain/search-rank';
import { MATCH, type SearchableRecord, scoreRecord } from '../../src/domain/search-score';

let n = 0;
function rec(nome: string, extra: Partial<SearchableRecord> = {}): SearchableRecord {
  n += 1;
  return {
    id: `000000000000000000000${String(n).padStart(3, '0')}`,
    nome,
    rua: 'Rua 8',
    quadra: '30',
    chapa: '9999',
    dtFal: '2000-01-01',
    ...extra,
  };
}

const rank = (q: string, records: SearchableRecord[]) =>
  rankRecords(parseQuery(q), records, 50).hits.map((h) => h.record.nome);

describe('scoreRecord', () => {
  it('needs every word to match some field', () => {
    const q = parseQuery('maria souza');
    expect(scoreRecord(q, rec('Maria de Souza'))).not.toBeNull();
    expect(scoreRecord(q, rec('Maria Lima'))).toBeNull();
    expect(scoreRecord(q, rec('Maria Lima', { rua: 'Rua Souza' }))).not.toBeNull();
  });

  it('classes: whole name, starts, word equal, word starts, contains, fuzzy', () => {
    const tier = (q: string, nome: string) => scoreRecord(parseQuery(q), rec(nome))?.tier;
    expect(tier('jose da conceicao', 'José da Conceição')).toBe(MATCH.wholeName);
    expect(tier('jose conceicao', 'José da Conceição Filho')).toBe(MATCH.nameStarts);
    expect(tier('conceicao', 'José da Conceição')).toBe(MATCH.equal);
    expect(tier('conc', 'José da Conceição')).toBe(MATCH.prefix);
    expect(tier('sebastia', 'José Sebastião')).toBe(MATCH.prefix);
    expect(tier('bastiao', 'José Sebastião')).toBe(MATCH.contains);
    expect(tier('olivera', 'Maria Oliveira')).toBe(MATCH.fuzzy);
    expect(tier('maira', 'Maria Oliveira')).toBe(MATCH.fuzzy);
    expect(scoreRecord(parseQuery('olivera'), rec('Maria Oliveira'), { fuzzy: [] })).toBeNull();
  });

  it('does not look inside words for one or two letters', () => {
    expect(scoreRecord(parseQuery('ia'), rec('Maria Silva'))).toBeNull();
    expect(scoreRecord(parseQuery('si'), rec('Maria Silva'))?.tier).toBe(MATCH.prefix);
  });

  it('matches numbers whole (ignoring leading zeros) above in part', () => {
    const q = parseQuery('placa 458');
    expect(scoreRecord(q, rec('A', { chapa: '0458' }))?.tier).toBe(MATCH.equal);
    expect(scoreRecord(q, rec('A', { chapa: '4580' }))?.tier).toBe(MATCH.contains);
    expect(scoreRecord(q, rec('A', { chapa: '4518' }))).toBeNull();
    expect(scoreRecord(q, rec('A', { quadra: '458' }))).toBeNull();
  });
});

describe('rankRecords', () => {
  it('orders by class, then points, then the most recent death', () => {
    const records = [
      rec('Mariana Souza', { dtFal: '2024-01-01' }),
      rec('Rosa Maria Lima', { dtFal: '2023-01-01' }),
      rec('Maria Lima', { dtFal: '1990-01-01' }),
      rec('Maria Lima Souza', { dtFal: '2010-01-01' }),
      rec('Maria', { dtFal: '1950-01-01' }),
      rec('Ana Rosamaria', { dtFal: '2025-01-01' }),
      rec('Maria Costa', { dtFal: null }),
    ];
    expect(rank('maria', records)).toEqual([
      'Maria',
      'Maria Lima Souza',
      'Maria Lima',
      'Maria Costa',
      'Mariana Souza',
      'Rosa Maria Lima',
      'Ana Rosamaria',
    ]);
  });

  it('puts whole numbers above parts, then the name', () => {
    const records = [
      rec('Jorge Souza', { quadra: '112', dtFal: '2024-01-01' }),
      rec('Ana Souza', { quadra: '12', dtFal: '2000-01-01' }),
      rec('Souza', { quadra: '12', dtFal: '1990-01-01' }),
      rec('Lúcia Souza', { quadra: '2', dtFal: '2024-06-01' }),
    ];
    expect(rank('Souza quadra 12', records)).toEqual(['Souza', 'Ana Souza', 'Jorge Souza']);
  });

  it('finds the grave by plate, street or quadra words anywhere in the query', () => {
    const records = [
      rec('Otília Campos', { rua: 'Rua 3', dtFal: '2022-08-08' }),
      rec('Pedro Alves', { rua: 'Rua 13', dtFal: '2024-01-01' }),
      rec('Rosa Barros', { rua: 'Rua das Flores' }),
    ];
    expect(rank('rua 3', records)).toEqual(['Otília Campos']);
    expect(rank('flores rosa', records)).toEqual(['Rosa Barros']);
  });

  it('tries typos only when the exact rules find nothing', () => {
    const records = [
      rec('Oliveira Santos', { dtFal: '2001-01-01' }),
      rec('Olivera Dias', { dtFal: '2020-01-01' }),
    ];
    const exact = rankRecords(parseQuery('olivera'), records, 50);
    expect(exact.fuzzy).toEqual([]);
    expect(exact.hits.map((h) => h.record.nome)).toEqual(['Olivera Dias']);
    const typo = rankRecords(parseQuery('oliveria'), records, 50);
    expect(typo.fuzzy).toEqual([0]);
    expect(typo.hits.map((h) => h.record.nome)).toEqual(['Oliveira Santos', 'Olivera Dias']);
  });

  it('lets only the words nobody has match by typo, or all when each exists somewhere', () => {
    const records = [rec('Antônio Dias', { dtFal: '2001-01-01' }), rec('Diana Prado')];
    // "dias" exists: it stays exact, so "Diana" is not taken for it.
    const result = rankRecords(parseQuery('anotnio dias'), records, 50);
    expect(result.fuzzy).toEqual([0]);
    expect(result.hits.map((h) => h.record.nome)).toEqual(['Antônio Dias']);
    const q = parseQuery('maria olivera');
    expect(chooseFuzzyTerms(q, [true, false])).toEqual([1]);
    expect(chooseFuzzyTerms(q, [true, true])).toEqual([0, 1]);
  });

  it('swaps neighbouring letters, normalized', () => {
    expect(letterSwaps('maira')).toContain('maria');
    expect(letterSwaps('batsita')).toContain('batista');
    expect(letterSwaps('aab')).toEqual(['aba']);
  });

  it('finds a half-typed word whose ending changes its spelling', () => {
    const records = [
      rec('José da Conceição', { dtFal: '2010-01-01' }),
      rec('José Concórdio', { dtFal: '2000-01-01' }),
    ];
    expect(rank('jose da conc', records)).toEqual(['José da Conceição', 'José Concórdio']);
    expect(rank('jose da conce', records)).toEqual(['José da Conceição']);
  });

  it('limits the page but counts every match', () => {
    const records = Array.from({ length: 5 }, () => rec('Maria Silva'));
    const result = rankRecords(parseQuery('silva'), records, 2);
    expect(result.hits).toHaveLength(2);
    expect(result.total).toBe(5);
  });
});
