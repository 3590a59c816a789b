/**
 * The search's planner (server/modules/search/search-plan.ts), without a database: one case per
 * row of the decision table of server/modules/search/README.md, each threshold on both sides
 * of its boundary. Which rows a strategy returns is held by the API parity tests; here only
 * which strategies are tried, in which order.
 */
import { describe, expect, it } from 'vitest';
import { type PlanInput, planSearch, walkFits } from '../../server/modules/search/search-plan';
import type { ExpectedCounts } from '../../server/modules/search/search-stats';
import {
  BROAD_MIN,
  BROAD_SHARE,
  broadAt,
  commonAt,
  denseShare,
  MANY,
  SAMPLE_ROWS,
  WALK_MAX,
  WHOLE_MAX,
} from '../../server/modules/search/search-thresholds';
import { parseQuery, SEARCH_LIMITS } from '../../src/domain/search-query';

const CAP = SEARCH_LIMITS.totalCap;
const PAGE = SEARCH_LIMITS.defaultLimit;
const SIZE = 2_000_000;

/** An estimate: by default few whole, few matches, a walk that would not fit. */
function expect_(over: Partial<ExpectedCounts> = {}): ExpectedCounts {
  return { equal: 10, matches: 100, whole: 10, size: SIZE, ...over };
}

/** A vocabulary where every word term has stored words (none empty). */
function words(q: string, empty: number[] = []) {
  return parseQuery(q).terms.map((t, i) =>
    t.numeric || t.field === 'quadra' || t.field === 'chapa'
      ? undefined
      : empty.includes(i)
        ? []
        : [t.text],
  );
}

function enter(q: string, estimate: ExpectedCounts, over: Partial<PlanInput> = {}) {
  return planSearch({
    query: parseQuery(q),
    mode: 'enter',
    limit: PAGE,
    read: { estimate, vocabulary: words(q) },
    takeAt: CAP,
    ...over,
  });
}

function suggest(q: string, estimate: ExpectedCounts | null, empty: number[] = []) {
  return planSearch({
    query: parseQuery(q),
    mode: 'suggest',
    limit: SEARCH_LIMITS.suggestions,
    read: estimate ? { estimate, vocabulary: words(q, empty) } : null,
    takeAt: CAP,
  });
}

/** Matches making limit × size ÷ matches exactly `ratio` (the walk's read before its page). */
const matchesFor = (ratio: number, limit: number = PAGE) => (limit * SIZE) / ratio;

describe('planSearch, Enter', () => {
  it('E1: few hold every term whole and the matches are not many → the full ranking, then typos', () => {
    expect(enter('lima quadra 38', expect_({ equal: CAP, matches: MANY * CAP }))).toEqual([
      'exact',
      'typo',
    ]);
  });

  it('E1 boundary: E.equal = takeAt is few, takeAt + 1 is not', () => {
    const m = { matches: MANY * CAP, size: SIZE };
    expect(enter('lima costa', expect_({ ...m, equal: CAP }))).toEqual(['exact', 'typo']);
    expect(enter('lima costa', expect_({ ...m, equal: CAP + 1 }))).toEqual([
      'broad',
      'equal',
      'exact',
      'typo',
    ]);
  });

  it('E1 boundary: E.matches = MANY × takeAt is not many, one more is', () => {
    const few = { equal: 0, whole: WHOLE_MAX + 1 };
    expect(enter('mar', expect_({ ...few, matches: MANY * CAP }))).toEqual(['exact']);
    expect(enter('mar', expect_({ ...few, matches: MANY * CAP + 1 }))).toEqual([
      'broad',
      'range',
      'exact',
    ]);
  });

  it('E1 skipped when a word term has no stored word: straight to the typo pass (E2)', () => {
    const query = 'joao batsita';
    const plan = planSearch({
      query: parseQuery(query),
      mode: 'enter',
      limit: PAGE,
      read: { estimate: expect_(), vocabulary: words(query, [1]) },
      takeAt: CAP,
    });
    expect(plan).toEqual(['typo']);
  });

  it('E2: typos only when a term is eligible (a name word of ≥ 4 letters)', () => {
    expect(enter('placa 12', expect_())).toEqual(['exact']);
    expect(enter('jo sa', expect_())).toEqual(['exact']);
    expect(enter('jose', expect_())).toEqual(['exact', 'typo']);
  });

  it('E3: the broad range first for name words only, never with a number, quadra, plate or street', () => {
    const many = expect_({ equal: CAP + 1 });
    expect(enter('maria da silva', many)[0]).toBe('broad');
    expect(enter('maria quadra 3', many)).toEqual(['equal', 'exact', 'typo']);
    expect(enter('12', many)).toEqual(['equal', 'exact']);
    expect(enter('rua lima', many)).toEqual(['equal', 'exact']);
  });

  it('E4: few whole but many matches → the range ranked whole after the broad range', () => {
    const plan = enter(
      'maria s',
      expect_({ equal: 0, matches: MANY * CAP + 1, whole: WHOLE_MAX + 1 }),
    );
    expect(plan).toEqual(['broad', 'range', 'exact', 'typo']);
    // No name word: no range (the quadra and the plate have none).
    expect(
      enter('quadra 12 placa 3', expect_({ equal: 0, matches: MANY * CAP + 1, whole: 0 })),
    ).toEqual(['exact']);
  });

  it('E5: the walk after the range, within WHOLE_MAX and WALK_MAX (both inclusive)', () => {
    const at = (whole: number, ratio: number) =>
      enter('jo sa', expect_({ equal: 0, whole, matches: matchesFor(ratio) }));
    expect(at(WHOLE_MAX, WALK_MAX)).toEqual(['broad', 'range', 'walk', 'exact']);
    expect(at(WHOLE_MAX + 1, WALK_MAX)).toEqual(['broad', 'range', 'exact']);
    expect(at(WHOLE_MAX, WALK_MAX + 1)).toEqual(['broad', 'range', 'exact']);
  });

  it('E5: no walk for a number, a field, or no expected match', () => {
    const e = expect_({ equal: 0, whole: 0, matches: matchesFor(1) });
    expect(walkFits(parseQuery('jo sa'), e, PAGE)).toBe(true);
    expect(walkFits(parseQuery('jo 12'), e, PAGE)).toBe(false);
    expect(walkFits(parseQuery('jo rua sa'), e, PAGE)).toBe(false);
    expect(walkFits(parseQuery('jo sa'), { ...e, matches: 0 }, PAGE)).toBe(false);
  });

  it('E6: many hold every term whole → the equal records gathered, after the broad range', () => {
    expect(enter('maria da silva', expect_({ equal: CAP + 1 }))).toEqual([
      'broad',
      'equal',
      'exact',
      'typo',
    ]);
  });

  it('E7: one term held whole by ≥ √(limit × size) → equal records newest first; one fewer → gathered', () => {
    const common = commonAt(PAGE, SIZE);
    expect(common).toBe(10_000);
    expect(enter('silva', expect_({ equal: common }))).toEqual([
      'broad',
      'equalNewest',
      'exact',
      'typo',
    ]);
    expect(enter('silva', expect_({ equal: common - 1 }))).toEqual([
      'broad',
      'equal',
      'exact',
      'typo',
    ]);
    // Two terms, however common: gathered.
    expect(enter('maria silva', expect_({ equal: SIZE }))).toEqual([
      'broad',
      'equal',
      'exact',
      'typo',
    ]);
    // A number: no broad range, newest first.
    expect(enter('12', expect_({ equal: common }))).toEqual(['equalNewest', 'exact']);
  });

  it('takeAt 0 (the parity tests): never few, so the top-k strategies are always tried', () => {
    expect(enter('lima', expect_({ equal: 0, matches: 0 }), { takeAt: 0 })).toEqual([
      'broad',
      'equal',
      'exact',
      'typo',
    ]);
  });

  it('a query of no term plans nothing (the answer is empty)', () => {
    expect(enter('da', expect_())).toEqual([]);
    expect(suggest('da', null)).toEqual([]);
  });
});

describe('planSearch, suggestions', () => {
  it('S1, S2: the broad range, then the range ranked whole, before the estimate is read', () => {
    expect(suggest('mari', null)).toEqual(['broad', 'range', 'estimate']);
    // A name word with a field: a range, but not the broad one.
    expect(suggest('maria quadra 3', null)).toEqual(['range', 'estimate']);
  });

  it('S3: the walk once the estimate is read, with the same bounds as Enter (no MANY gate)', () => {
    const fits = expect_({ equal: 0, whole: WHOLE_MAX, matches: matchesFor(WALK_MAX, 8) });
    expect(suggest('jo sa', fits)).toEqual(['broad', 'range', 'estimate', 'walk', 'exact']);
    const far = { ...fits, matches: matchesFor(WALK_MAX + 1, 8) };
    expect(suggest('jo sa', far)).toEqual(['broad', 'range', 'estimate', 'exact']);
    const wide = { ...fits, whole: WHOLE_MAX + 1 };
    expect(suggest('jo sa', wide)).toEqual(['broad', 'range', 'estimate', 'exact']);
  });

  it('S4: no name word (no range) → the full ranking', () => {
    expect(suggest('placa 12', null)).toEqual(['estimate']);
    expect(suggest('placa 12', expect_())).toEqual(['estimate', 'exact']);
    expect(suggest('lima quadra 38', expect_())).toEqual(['range', 'estimate', 'exact', 'typo']);
  });

  it('S5: typos after the full ranking; alone when a word has no stored word', () => {
    expect(suggest('joao batsita', expect_(), [1])).toEqual(['broad', 'range', 'estimate', 'typo']);
  });

  it('the plan with the estimate agrees with the one without up to the estimate', () => {
    for (const q of ['mari', 'maria quadra 3', 'placa 12', 'jo sa']) {
      const before = suggest(q, null);
      const after = suggest(q, expect_());
      expect(after.slice(0, before.length), q).toEqual(before);
    }
  });
});

describe('thresholds', () => {
  it('a range is broad from max(BROAD_MIN, size × BROAD_SHARE)', () => {
    expect(broadAt(0)).toBe(BROAD_MIN);
    expect(broadAt(BROAD_MIN / BROAD_SHARE)).toBe(BROAD_MIN);
    expect(broadAt(SIZE)).toBe(10_000);
  });

  it('the count samples first from 2 × (cap + 1) ÷ SAMPLE_ROWS of the register', () => {
    expect(denseShare(CAP)).toBeCloseTo((2 * 1001) / SAMPLE_ROWS);
    expect(denseShare(CAP) * SAMPLE_ROWS).toBeCloseTo(2 * (CAP + 1));
  });
});
