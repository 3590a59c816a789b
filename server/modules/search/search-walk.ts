/**
 * Strategy `walk` (E5, S3). A page for words cut short that start a great many names and equal none ("jo sa", "ma s",
 * "re" and Enter, or a pause while typing them): seconds at millions of records to rank the
 * hundreds of thousands of records holding a word that starts with each, when no names-start
 * range fills the page (no name starts with the word "jo"). Exact, for name words only
 * (search-score.ts):
 *
 *  - a record holding no term whole is in tier 3 at most, and in tier 3 each term scores
 *    exactly 3000 (a started word), so all such records have the same points, 3000 × terms,
 *    and the same order: the newest death first — unless a phrase bonus lifts it to class 5,
 *    which for two words or more needs every word but the last whole, and for one word only
 *    a name starting with it: a record of the names-start range;
 *  - every other record holds some term whole: a word of its name or street, or its whole
 *    quadra or plate (whose letters are one of its words too, locationKeys). Few, for a word
 *    cut short ("jo", "sa": a surname Sá, a quadra "S"): `whole`, ranked in full.
 *
 * So the best `limit` of `whole`, of the `limit` newest-death records of tier ≥ 3 (`newest`,
 * down the death btree, stopped at the `limit`th) and, for one word, of the range's best
 * (`ranged`, which the caller has read first) are the page, when `newest` is full: a record
 * outside them ranks below each of `newest` (a higher tier, or the same tier and points and a
 * newer death) or below `limit` of the range. Else null (the caller ranks every match).
 * tests/api/search-walk.test.ts compares it with ranking every match.
 */
import type { SearchQuery } from '../../../src/domain/search-query';
import { MATCH } from '../../../src/domain/search-score';
import { normalizeVariants, PARTICLES } from '../../../src/domain/search-text';
import { type BroadRow, compareRows } from './search-broad';
import { countMatches } from './search-count';
import { buildNewestSql, buildSearchSql, type RankingOptions, type Vocabulary } from './search-sql';
import type { ExpectedCounts } from './search-stats';
import { type Found, type PageRow, readOf, type SearchRun } from './search-strategy';
import { WALK_MAX, WHOLE_MAX } from './search-thresholds';

interface Sql {
  query<T>(text: string, params: unknown[]): Promise<T[]>;
}

/** What a page of the search is asked for with (topByClass, walkedPage). */
export interface PageRequest {
  limit: number;
  cemiterio: string | null;
  vocabulary: Vocabulary;
}

/** What a particle becomes as a quadra or plate key: no record holds it as a word. */
const PARTICLE_KEYS = new Set([...PARTICLES].map(normalizeVariants));

/**
 * The reads of `whole`, each ranked: per term held as a stored word, the records holding it
 * and matching the others (its vocabulary narrowed to the word itself, which its patterns
 * match: the other terms' conditions unchanged, so pairs of words read them: "c" × the words
 * of "fra", ~2,000 records, where one condition "holds fra or c" let the planner read every
 * record pairing the two vocabularies, 33,000). A whole quadra or plate of letters is one of
 * the record's words too, but for a particle ("E"), which no name or street word folds to
 * except as a term like "he": those terms read the keys.
 */
function wholeReads(
  terms: SearchQuery['terms'],
  vocabulary: Vocabulary,
): Partial<RankingOptions>[] {
  const reads: Partial<RankingOptions>[] = terms.flatMap((term, i) =>
    vocabulary[i]?.includes(term.text)
      ? [{ vocabulary: vocabulary.map((words, j) => (j === i ? [term.text] : words)) }]
      : [],
  );
  const keys = terms
    .filter((t) => PARTICLE_KEYS.has(t.text))
    .flatMap((t) => [`q=${t.text}`, `p=${t.text}`]);
  if (keys.length > 0) {
    reads.push({ also: (p) => `s.search_keys && ${p.add(keys, '::text[]')}` });
  }
  return reads;
}

/** The page (module comment), or null when the query is not for it or `newest` is not full. */
export async function walkedPage<R extends BroadRow>(
  sql: Sql,
  query: SearchQuery,
  options: PageRequest & {
    /** What the statistics expect of the query (estimateCounts). */
    expected: ExpectedCounts;
    /**
     * The names-start range's best `limit` (buildPhraseSql), or all its records of class ≥ 5
     * when fewer (search-broad.ts); null: not read. Needed for one word.
     */
    ranged: readonly R[] | null;
  },
): Promise<R[] | null> {
  const { limit, cemiterio, vocabulary, ranged, expected } = options;
  const terms = query.terms;
  if (terms.length === 0 || !terms.every((t) => t.field === 'any' && !t.numeric)) return null;
  if (terms.length === 1 && !ranged) return null;
  if (expected.whole > WHOLE_MAX) return null;
  if (expected.matches === 0 || (limit * expected.size) / expected.matches > WALK_MAX) return null;
  // Planned with the words (unnamed): the walk's plan depends on how common they are.
  const run = ({ text, params }: { text: string; params: unknown[] }) => sql.query<R>(text, params);
  const newest = await run(
    buildNewestSql(query, { limit, cemiterio, vocabulary, minTier: MATCH.prefix }),
  );
  if (newest.length < limit) return null;
  // Each whole read is the full ranking of the records holding one term whole.
  const ranked = (read: Partial<RankingOptions>) =>
    run(buildSearchSql(query, { fuzzy: [], limit, count: false, cemiterio, vocabulary, ...read }));
  const whole = (await Promise.all(wholeReads(terms, vocabulary).map(ranked))).flat();
  const seen = new Set<string>();
  return [...(ranged ?? []), ...whole, ...newest]
    .filter((r) => !seen.has(r.id) && seen.add(r.id))
    .sort(compareRows)
    .slice(0, limit);
}

/**
 * The strategy (module comment), after the range strategy (its rows, SearchRun.ranged). The
 * planner takes it only within its bounds (search-plan.ts, walkFits); walkedPage checks them
 * again, for its direct callers.
 */
export async function walk<R extends PageRow>(run: SearchRun<R>): Promise<Found<R> | null> {
  const { vocabulary, estimate } = readOf(run);
  const rows = await walkedPage<R>(run.sql, run.query, {
    limit: run.limit,
    cemiterio: run.cemiterio,
    vocabulary,
    expected: estimate,
    ranged: run.ranged,
  });
  return rows ? { rows, found: await countMatches(run) } : null;
}
