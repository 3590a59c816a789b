/**
 * The burial search as one SQL statement: src/domain/search-score.ts translated term by term,
 * so the server ranks exactly as the offline client does (tests/api/search-relevance.test.ts
 * compares the two orders). Each term's WHERE condition is one the indexes answer (one GIN over
 * the words and location keys, migration 0015, which intersects all the terms itself; the
 * trigram GIN on search_name of 0004 for typos); ranking expressions are computed once per
 * row those conditions found. User text reaches SQL only as parameters, and LIKE patterns are
 * escaped (terms are a-z/0-9 already; the escape is a second guard).
 */

import {
  FUZZY_THRESHOLD,
  letterSwaps,
  MIN_FUZZY,
  SWAP_POINTS,
} from '../../../src/domain/search-fuzzy';
import type { QueryTerm, SearchQuery } from '../../../src/domain/search-query';
import { MATCH, MIN_CONTAINS, phraseStarts } from '../../../src/domain/search-score';
import { MIN_PARTIAL_DIGITS } from '../../../src/domain/search-text';
import { cardPhoto } from '../burials/public';
import { PAIRS_EXPRESSION, planPairs } from './search-pairs';

/** The full ranking's statement: every match scored and sorted, its first `limit` rows. */
export interface RankingOptions {
  /** Indices of the terms that may match by typo (chooseFuzzyTerms); [] for the exact pass. */
  fuzzy: readonly number[];
  limit: number;
  /** Add `total` (every match, not only the page) to each row. */
  count: boolean;
  /** Only the records of this cemetery (its id; `?cemiterio=` of the route), else all. */
  cemiterio?: string | null;
  /** Per term, its vocabulary words (lookupVocabulary); else each statement looks them up. */
  vocabulary?: Vocabulary;
  /** Per typo term, the words its trigram matches need (lookupTypoWords); else the GIN's. */
  typo?: TypoWords;
  /** One more condition on `s`, with its own parameters (search-walk.ts: a quadra/plate key). */
  also?: (p: Params) => string;
}

/** Index ranges [lo, hi) of search_name, in the "C" collation (phraseRanges). */
export interface NameRanges {
  lo: string[];
  hi: string[];
}

/** Per term index, the stored words its loosest patterns match (undefined: not a word term). */
export type Vocabulary = readonly (readonly string[] | undefined)[];

/**
 * Per term index, the words a name must hold for the term's trigrams to match it (typoWords,
 * src/domain/search-fuzzy-bound.ts); null: not known word by word; undefined: not a typo term.
 */
export type TypoWords = readonly (readonly string[] | null | undefined)[];

/**
 * Every shape of the ranking statement, for composeSearchSql only: the builders below each
 * give the few of these their read needs (buildSearchSql, buildRangeSql, buildPhraseSql,
 * buildWithinSql, buildNewestSql).
 */
interface StatementShape {
  /** Indices of the terms that may match by typo (chooseFuzzyTerms); [] for the exact pass. */
  fuzzy: readonly number[];
  limit: number;
  /** Add `total` (every match, not only the page) to each row. */
  count: boolean;
  /**
   * Read only the records whose name starts with the query's name words (the phrase ranges
   * of phraseRanges) through the covering btree of migration 0007, instead of every record
   * that holds the words. See buildPhraseSql for when that answers the whole query.
   */
  phrase?: { lo: string[]; hi: string[] };
  /** Only the records of this cemetery (its id; `?cemiterio=` of the route), else all. */
  cemiterio?: string | null;
  /**
   * The broad-prefix suggestions (search-broad.ts): only the names in these ranges, read as a
   * plain condition (not through the btree).
   */
  within?: { lo: string[]; hi: string[] };
  /**
   * One more condition on `s`, with its own parameters (search-broad.ts: the last word held;
   * search-walk.ts: some term held whole). Not with `phrase`.
   */
  also?: (p: Params) => string;
  /**
   * Read the records newest death first (the death btree of migration 0015) and stop at the
   * `limit`th one of tier ≥ minTier: the page is then in (death, id) order, not rank order.
   */
  byDeath?: { minTier: number };
  /** Per term, its vocabulary words (lookupVocabulary); else each statement looks them up. */
  vocabulary?: Vocabulary;
  /** Per typo term, the words its trigram matches need (lookupTypoWords); else the GIN's. */
  typo?: TypoWords;
}

interface SearchSql {
  text: string;
  params: unknown[];
}

/** LIKE pattern text with \, % and _ taken literally (ESCAPE '\'). */
function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

// strict_word_similarity's own operator threshold (pg_trgm default, never changed here): the
// index finds candidates with it, the explicit comparison applies ours when it is higher.
const PG_STRICT_THRESHOLD = 0.5;

const FIELD_KEY = { quadra: 'q', chapa: 'p', rua: 'r' } as const;

interface TermSql {
  /**
   * The term's index condition; a function for a typo term whose trigram branch carries the
   * other terms' conditions (buildSearchSql gives them; see typoBranch).
   */
  where: string | ((others: string) => string);
  /** Points on the name (alpha terms only). */
  name: string | null;
  /** Points anywhere else. */
  other: string;
}

export class Params {
  readonly values: unknown[] = [];
  add(value: unknown, cast = ''): string {
    this.values.push(value);
    return `$${this.values.length}${cast}`;
  }
}

/**
 * ` AND` the record is in this cemetery (its id, `?cemiterio=`), or nothing for all. `byIndex`
 * false: written so that no index answers it (`|| ''`), for a large cemetery in the count that
 * stops at the cap (search-stats.ts, LARGE_CEMETERY_SHARE).
 */
function cemeteryAnd(p: Params, cemiterio: string | null | undefined, byIndex = true): string {
  if (!cemiterio) return '';
  return byIndex
    ? ` AND s.cemiterio_id = ${p.add(cemiterio)}`
    : ` AND (s.cemiterio_id || '') = ${p.add(cemiterio)}`;
}

/** `col LIKE $n` for one pattern, `col LIKE ANY ($n)` for several (one bitmap index scan). */
function likeAny(p: Params, column: string, patterns: string[]): string {
  if (patterns.length === 0) return 'false';
  if (patterns.length === 1) return `${column} LIKE ${p.add(patterns[0])}`;
  return `${column} LIKE ANY (${p.add(patterns, '::text[]')})`;
}

interface WordPatterns {
  eq: string;
  /** "% word%" per spelling (QueryTerm.alts). */
  pre: string[];
  /** "%word%" per spelling of ≥ MIN_CONTAINS letters. */
  con: string[];
  /**
   * The weakest patterns: what the index must find for the term to match at all
   * ("contains" where the spelling is long enough, else "a word starts with").
   */
  loosest: string[];
}

function wordPatterns(term: QueryTerm): WordPatterns {
  const spellings = [term.text, ...term.alts].map(escapeLike);
  const long = (s: string) => s.length >= MIN_CONTAINS;
  return {
    eq: `% ${escapeLike(term.text)} %`,
    pre: spellings.map((s) => `% ${s}%`),
    con: spellings.filter(long).map((s) => `%${s}%`),
    loosest: spellings.map((s) => (long(s) ? `%${s}%` : `% ${s}%`)),
  };
}

/** CASE giving 4000/3000/2000 for a word equal / starting with / containing the term. */
function wordCase(p: Params, column: string, w: WordPatterns): string {
  const contains = w.con.length ? ` WHEN ${likeAny(p, column, w.con)} THEN 2000` : '';
  return `CASE WHEN ${likeAny(p, column, [w.eq])} THEN 4000 WHEN ${likeAny(p, column, w.pre)} THEN 3000${contains} ELSE 0 END`;
}

/**
 * wordCase for a column most candidates do not match at all (the street): the loosest patterns
 * first, so those cost one LIKE instead of three. Same points: each of eq/pre/con implies a
 * loosest pattern; and when a loosest one matched but neither eq nor pre did, it was a
 * "contains" pattern (a loosest pattern is either pre or con of its spelling), so 2000.
 */
function guardedWordCase(p: Params, column: string, w: WordPatterns): string {
  const inner = `CASE WHEN ${likeAny(p, column, [w.eq])} THEN 4000 WHEN ${likeAny(p, column, w.pre)} THEN 3000 ELSE 2000 END`;
  return `CASE WHEN ${likeAny(p, column, w.loosest)} THEN ${inner} ELSE 0 END`;
}

/** The LIKE patterns a stored word must match for the term to match inside it (loosest). */
export function vocabPatterns(term: QueryTerm): string[] {
  return [term.text, ...term.alts]
    .map(escapeLike)
    .map((s) => (s.length >= MIN_CONTAINS ? `%${s}%` : `${s}%`));
}

/**
 * The records holding a word of the vocabulary that the term's loosest patterns match (a word
 * contains a spelling of ≥ MIN_CONTAINS letters, else starts with it): exactly the records
 * whose search_doc the same patterns matched before 0015, read from the words GIN. `words`:
 * those vocabulary words, looked up beforehand (lookupVocabulary), so that a statement planned
 * at each call sees them; without, the statement looks them up itself (ARRAY(...), once).
 */
function vocabWhere(p: Params, term: QueryTerm, words?: readonly string[]): string {
  if (words) return `s.search_words && ${p.add(words, '::text[]')}`;
  return `s.search_words && ARRAY(SELECT v.word FROM search_vocab v WHERE ${likeAny(p, 'v.word', vocabPatterns(term))})`;
}

function numberTerm(p: Params, fields: string[], n: string): TermSql {
  const whole = fields.map((f) => `${f}=${n}`);
  const parts = n.length >= MIN_PARTIAL_DIGITS ? fields.map((f) => `${f}~${n}`) : [];
  const wholeP = p.add(whole, '::text[]');
  const partCase = parts.length
    ? ` WHEN s.search_keys && ${p.add(parts, '::text[]')} THEN 2000`
    : '';
  const anyP = p.add([...whole, ...parts], '::text[]');
  return {
    where: `s.search_keys && ${anyP}`,
    name: null,
    other: `CASE WHEN s.search_keys && ${wholeP} THEN 4000${partCase} ELSE 0 END`,
  };
}

/** withWhere false: a name term's WHERE is implied by the caller (phrase mode), no params. */
function termSql(
  p: Params,
  term: QueryTerm,
  fuzzy: boolean,
  withWhere = true,
  words?: readonly string[],
  typo?: readonly string[] | null,
): TermSql {
  const t = term.text;
  if (term.numeric) {
    const fields = term.field === 'any' ? ['q', 'p', 'r'] : [FIELD_KEY[term.field]];
    return numberTerm(p, fields, t);
  }
  if (term.field === 'quadra' || term.field === 'chapa') {
    const keyP = p.add([`${FIELD_KEY[term.field]}=${t}`], '::text[]');
    return {
      where: `s.search_keys && ${keyP}`,
      name: null,
      other: `CASE WHEN s.search_keys && ${keyP} THEN 4000 ELSE 0 END`,
    };
  }
  const w = wordPatterns(term);
  const rua = guardedWordCase(p, 's.search_rua', w);
  // search_words holds the name, street, quadra and plate words: the records holding a stored
  // word the term equals, starts or is contained in (search_vocab, migration 0015) are every
  // record where it could match (a superset; the CASEs below decide where it did).
  const vocab = withWhere ? vocabWhere(p, term, words) : 'true';
  if (term.field === 'rua') return { where: vocab, name: null, other: rua };
  const where: ((others: string) => string)[] = [() => vocab];
  let takesOthers = false;
  const keyP = p.add([`q=${t}`, `p=${t}`], '::text[]');
  let name = wordCase(p, 's.search_name', w);
  if (fuzzy && t.length >= MIN_FUZZY) {
    const tP = p.add(t);
    const sim = `strict_word_similarity(${tP}, s.search_name)`;
    const enough =
      FUZZY_THRESHOLD > PG_STRICT_THRESHOLD ? ` AND ${sim} >= ${p.add(FUZZY_THRESHOLD)}::real` : '';
    const swaps = letterSwaps(t).map((x) => `% ${escapeLike(x)} %`);
    const swapped = likeAny(p, 's.search_name', swaps);
    // The names the trigrams can match: those holding a typo word (read from the words GIN,
    // a few hundred at 2,000,000), or where not known, the trigram GIN's candidates (tens of
    // thousands for a common word's typo: every name sharing "ves" with "gonaclves").
    if (typo === undefined || typo === null) {
      const branch = `${tP} <<% s.search_name${enough}`;
      where.push((others) => `(${branch}${others})`);
      takesOthers = true;
    } else if (typo.length > 0) {
      // The similarity itself, not `<<%` (the same test at our threshold): the operator would
      // let the planner still start from the trigram GIN when it misjudges its share.
      const holds = `s.search_words && ${p.add(typo, '::text[]')}`;
      const least = p.add(Math.max(FUZZY_THRESHOLD, PG_STRICT_THRESHOLD));
      const branch = `${holds} AND ${sim} >= ${least}::real`;
      where.push((others) => `(${branch}${others})`);
      takesOthers = true;
    }
    // Candidates by the words GIN (a name holding the swapped word holds it in search_words);
    // the points below still read the name.
    if (swaps.length) {
      const swappedWords = `s.search_words && ${p.add(letterSwaps(t), '::text[]')}`;
      where.push(() => swappedWords);
    }
    const trigram = `CASE WHEN ${tP} <<% s.search_name${enough} THEN floor(${sim}::float8 * 1000 + 0.5)::int ELSE 0 END`;
    name = name.replace(
      / ELSE 0 END$/,
      ` ELSE GREATEST(${trigram}, CASE WHEN ${swapped} THEN ${SWAP_POINTS} ELSE 0 END) END`,
    );
  }
  // Elsewhere points cannot beat an equal word in the name: skip them then (the common case).
  return {
    where: takesOthers
      ? (others) => `(${where.map((w) => w(others)).join(' OR ')})`
      : `(${where.map((w) => w('')).join(' OR ')})`,
    name,
    other: `CASE WHEN ${likeAny(p, 's.search_name', [w.eq])} THEN 0 ELSE GREATEST(${rua}, CASE WHEN s.search_keys && ${keyP} THEN 4000 ELSE 0 END) END`,
  };
}

/**
 * A term's condition with, in a typo term's trigram branch, the other terms' conditions
 * (` AND …`). They hold anyway (ANDed outside); inside the branch the planner can read them from
 * the words GIN: it estimates the trigram condition at ~200 names when a common word's typo
 * ("alemida" → almeida) finds 100,000, so left alone it fetched every one of those names
 * instead of the few holding the other words.
 */
function whereOf(t: TermSql, others: string): string {
  return typeof t.where === 'string' ? t.where : t.where(others);
}

const tierOf = (points: string) =>
  `CASE WHEN ${points} >= 2000 THEN ${points} / 1000 WHEN ${points} > 0 THEN 1 ELSE 0 END`;

const ORDER = 'tier DESC, points DESC, dt_fal DESC NULLS LAST, id COLLATE "C" DESC';

/**
 * The exact pass's word terms (their condition is their vocabulary, looked up beforehand;
 * a number, quadra or plate term has none) that pairs of words can answer instead
 * (search-pairs.ts), or null. Not the typo pass: its typo
 * term's condition is no GIN's alone, and the planner then read a common pair's records
 * ("almeida sousa": 2,273 heap pages) to test the typo on each, where the words GIN
 * intersects the typo's rare words with the others first.
 */
function pairedTerms(
  query: SearchQuery,
  options: Pick<StatementShape, 'fuzzy' | 'vocabulary'>,
): { covered: Set<number>; pairs: string[][] } | null {
  const vocabulary = options.vocabulary;
  if (!vocabulary || options.fuzzy.length > 0) return null;
  const plan = planPairs(query.terms.map((_, i) => vocabulary[i]));
  return plan.pairs.length > 0 ? plan : null;
}

/**
 * The full ranking (E1, E2 of README.md; the parity tests' reference): every match of the
 * register scored and sorted, for a parsed query with at least one term.
 */
export function buildSearchSql(query: SearchQuery, options: RankingOptions): SearchSql {
  return composeSearchSql(query, options);
}

/** The ranking statement in any of its shapes (StatementShape). */
function composeSearchSql(query: SearchQuery, options: StatementShape): SearchSql {
  const p = new Params();
  // Phrase mode: a name starting with the name words matches every name term (a superset of
  // their WHERE), so only the other terms' conditions (keys, streets) are left to check.
  // Likewise a `within` range (the broad-prefix suggestions).
  const ranged = Boolean(options.phrase ?? options.within);
  // Word terms found as pairs of words where that is their exact condition (search-pairs.ts);
  // not on a walk down the death btree, where the condition tests each row read and the
  // pairs would be made for each (search-walk.ts: 2–3× the walk's time).
  const paired = ranged || options.byDeath ? null : pairedTerms(query, options);
  const terms = query.terms.map((term, i) =>
    termSql(
      p,
      term,
      options.fuzzy.includes(i),
      !ranged && !paired?.covered.has(i),
      options.vocabulary?.[i],
      options.typo?.[i],
    ),
  );
  const pairWheres = (paired?.pairs ?? []).map(
    (keys) => `${PAIRS_EXPRESSION} && ${p.add(keys, '::text[]')}`,
  );
  const own = terms.filter((_, i) => !paired?.covered.has(i));
  const plain = [
    ...own.flatMap((t) => (typeof t.where === 'string' ? [t.where] : [])),
    ...pairWheres,
  ];
  const others = plain.length > 0 ? ` AND ${plain.join(' AND ')}` : '';
  const wheres = [
    ...own.flatMap((t) => (ranged && t.name !== null ? [] : [whereOf(t, others)])),
    ...pairWheres,
  ];
  // Phrase mode reads each range in a LATERAL subquery behind a fence (OFFSET 0): planned on
  // its own, the range is an index range whatever its bounds, so the generic plan of the
  // prepared statement (db/prepared.ts) reads the btree too; as a plain join, its plan without
  // the values was a sequential scan. The subquery returns only the covering btree's columns
  // (plus search_words when a term's condition reads it).
  const docCol = wheres.some((w) => w.includes('s.search_words')) ? ', s.search_words' : '';
  // Narrowed to one cemetery: one more condition on the row the scan reads (the covering
  // btree holds cemiterio_id too, migration 0011, so the phrase range stays index-only).
  const inCemetery = cemeteryAnd(p, options.cemiterio);
  const from = options.phrase
    ? `unnest(${p.add(options.phrase.lo, '::text[]')}, ${p.add(options.phrase.hi, '::text[]')}) AS r(lo, hi)
  CROSS JOIN LATERAL (
    SELECT s.id, s.dt_fal, s.search_name, s.search_rua, s.search_keys${docCol} FROM sepultados s
    WHERE s.deleted_at IS NULL AND s.search_name >= r.lo COLLATE "C" AND s.search_name < r.hi COLLATE "C"${inCemetery}
    OFFSET 0
  ) s`
    : 'sepultados s';
  const conditions = options.phrase ? wheres : [`s.deleted_at IS NULL${inCemetery}`, ...wheres];
  if (options.within) {
    const { lo, hi } = options.within;
    conditions.push(
      `EXISTS (SELECT 1 FROM unnest(${p.add(lo, '::text[]')}, ${p.add(hi, '::text[]')}) AS r(lo, hi)
    WHERE s.search_name >= r.lo COLLATE "C" AND s.search_name < r.hi COLLATE "C")`,
    );
  }
  if (options.also) conditions.push(options.also(p));
  const columns: string[] = [];
  const alphaTiers: string[] = [];
  const otherTiers: string[] = [];
  const onName: string[] = [];
  const points: string[] = [];
  const nameTerms: QueryTerm[] = [];
  terms.forEach((sql, i) => {
    columns.push(`${sql.other} AS o${i}`);
    if (sql.name !== null) {
      columns.push(`${sql.name} AS n${i}`);
      const best = `GREATEST(n${i}, o${i})`;
      points.push(best);
      alphaTiers.push(tierOf(best));
      onName.push(`(n${i} > 0 AND n${i} >= o${i})`);
      const term = query.terms[i];
      if (term) nameTerms.push(term);
    } else {
      points.push(`o${i}`);
      otherTiers.push(tierOf(`o${i}`));
    }
  });

  // Whole-name and starts-with tests are evaluated once per candidate (pw, ps), and the phrase
  // class from them and the per-term columns: everything after the scan reads plain columns.
  // The OFFSET 0 fences keep the planner from inlining a column's expression into each place
  // that reads it (which would multiply the LIKEs); unlike MATERIALIZED, which they replace,
  // they do not copy every candidate into a tuple store and back (~15 % of the statement).
  const phraseCols: string[] = [];
  let phrase = '0';
  if (nameTerms.length > 0) {
    const all = onName.join(' AND ');
    const whole = p.add(` ${nameTerms.map((t) => t.text).join(' ')} `);
    const starts = phraseStarts(nameTerms).map((s) => `${escapeLike(s)}%`);
    phraseCols.push(
      `s.search_name = ${whole} AS pw`,
      `${likeAny(p, 's.search_name', starts)} AS ps`,
    );
    phrase = `CASE WHEN ${all} AND pw THEN 6 WHEN ${all} AND ps THEN 5 ELSE 0 END`;
  }
  const tiers = [...otherTiers];
  if (alphaTiers.length > 0) {
    tiers.push(`CASE WHEN ph > 0 THEN ph ELSE LEAST(${alphaTiers.join(', ')}) END`);
  }
  const limitP = p.add(options.limit);
  // byDeath: the scan is in the page's order already (a pipeline the LIMIT stops); else every
  // candidate is ranked and the page sorted from them.
  const byDeath = options.byDeath;
  const scanOrder = byDeath
    ? `ORDER BY s.dt_fal DESC NULLS LAST, s.id COLLATE "C" DESC`
    : 'OFFSET 0';
  const keep = byDeath ? `tier >= ${p.add(byDeath.minTier)}::int` : 'tier > 0';
  const pageOrder = byDeath ? '' : `ORDER BY ${ORDER} `;

  // The card's own columns ride along from the row the scan already read, so the page needs
  // no second lookup per row — except in phrase mode, whose scan reads only the covering index.
  const cardCols = options.phrase ? '' : ' s.nome, s.rua, s.quadra, s.chapa, s.cemiterio,';
  const cardNames = cardCols.replaceAll('s.', '');
  const card = options.phrase
    ? 's.nome, s.rua, s.quadra, s.chapa, s.cemiterio'
    : 'page.nome, page.rua, page.quadra, page.chapa, page.cemiterio';
  const join = options.phrase ? '\nJOIN sepultados s ON s.id = page.id' : '';
  const text = `
WITH m AS (
  SELECT s.id, s.dt_fal,${cardCols} ${[...columns, ...phraseCols].join(', ')}
  FROM ${from}
  WHERE ${conditions.length > 0 ? conditions.join(' AND ') : 'true'}
  ${scanOrder}
), ranked AS (
  -- The index conditions are a superset (search_words holds every field's words): a record
  -- matches only when every term scored, i.e. its tier (the weakest term's class) is > 0.
  SELECT id, dt_fal,${cardNames} tier, points FROM (
    SELECT id, dt_fal,${cardNames} LEAST(${tiers.join(', ')}) AS tier,
      ${points.join(' + ')} + CASE ph WHEN 6 THEN 2000 WHEN 5 THEN 1000 ELSE 0 END AS points
    FROM (SELECT m.*, ${phrase} AS ph FROM m OFFSET 0) AS x
  ) AS scored
  WHERE ${keep}
), page AS (
  SELECT * FROM ranked ${pageOrder}LIMIT ${limitP}
)
SELECT page.id, ${card}, to_char(page.dt_fal, 'YYYY-MM-DD') AS dt_fal,
  page.tier, page.points, f.file, f.thumb${options.count ? ', (SELECT count(*)::int FROM ranked) AS total' : ''}
FROM page${join}
${cardPhoto('page')}
ORDER BY page.tier DESC, page.points DESC, page.dt_fal DESC NULLS LAST, page.id COLLATE "C" DESC`;
  return { text, params: p.values };
}

/**
 * Index ranges [lo, hi) of the names that start with the query's name words, one per spelling
 * of the last word (phraseStarts): "maria da" → [" maria", " marib"). Null when the query
 * has no name word. The spellings differ in their last letter, so the ranges never overlap.
 */
export function phraseRanges(query: SearchQuery): { lo: string[]; hi: string[] } | null {
  const nameTerms = query.terms.filter((t) => t.field === 'any' && !t.numeric);
  const lo = phraseStarts(nameTerms);
  if (lo.length === 0) return null;
  const next = (s: string) => s.slice(0, -1) + String.fromCharCode(s.charCodeAt(s.length - 1) + 1);
  return { lo, hi: lo.map(next) };
}

/**
 * The suggestions' first try (a broad prefix like "mari" holds ~10% of the register): rank
 * only the records whose name starts with the query's name words. Those with every name word
 * on the name are in class 5 or 6 (search-score.ts), and every other record is in class 4 or
 * below; so when the `limit` best of these ranges are all in class ≥ 5, they are the best of
 * the whole register, in the same order. The caller checks that and else runs the full query.
 * The ranges are read from the covering btree of migration 0007 (name, id, death date, street,
 * keys), so a broad prefix costs an index range instead of a heap page per record.
 */
export function buildPhraseSql(
  query: SearchQuery,
  limit: number,
  cemiterio: string | null = null,
): SearchSql | null {
  const phrase = phraseRanges(query);
  if (!phrase) return null;
  return buildRangeSql(query, phrase, limit, cemiterio);
}

/**
 * The records of these name ranges, read index-only through the covering btree (0007/0011)
 * and ranked whole (buildPhraseSql; search-broad.ts: the whole name's one-key range).
 */
export function buildRangeSql(
  query: SearchQuery,
  ranges: NameRanges,
  limit: number,
  cemiterio: string | null,
): SearchSql {
  return composeSearchSql(query, { fuzzy: [], limit, count: false, phrase: ranges, cemiterio });
}

/**
 * The records of these name ranges read as a plain condition (not through the btree) with one
 * more condition (`also`), ranked; `newestFrom`: read newest death first and stop at the
 * `limit`th of tier ≥ it, the page then in (death, id) order (search-broad.ts).
 */
export function buildWithinSql(
  query: SearchQuery,
  ranges: NameRanges,
  options: {
    limit: number;
    cemiterio: string | null;
    also?: (p: Params) => string;
    newestFrom?: number;
  },
): SearchSql {
  return composeSearchSql(query, {
    fuzzy: [],
    limit: options.limit,
    count: false,
    cemiterio: options.cemiterio,
    within: ranges,
    ...(options.also ? { also: options.also } : {}),
    ...(options.newestFrom !== undefined ? { byDeath: { minTier: options.newestFrom } } : {}),
  });
}

/**
 * Every match read newest death first (the death btree of 0015), stopped at the `limit`th of
 * tier ≥ `minTier`: the page in (death, id) order, not rank order (search-walk.ts).
 */
export function buildNewestSql(
  query: SearchQuery,
  options: { limit: number; cemiterio: string | null; vocabulary: Vocabulary; minTier: number },
): SearchSql {
  return composeSearchSql(query, {
    fuzzy: [],
    limit: options.limit,
    count: false,
    cemiterio: options.cemiterio,
    vocabulary: options.vocabulary,
    byDeath: { minTier: options.minTier },
  });
}

/** The term matches the record exactly: its index condition and its points (termPoints) > 0. */
function termMatches(p: Params, term: QueryTerm, words?: readonly string[]): string {
  const t = termSql(p, term, false, true, words);
  const points = t.name === null ? t.other : `GREATEST(${t.name}, ${t.other})`;
  return `${whereOf(t, '')} AND ${points} > 0`;
}

/**
 * How many records match every term exactly, counted up to `cap` + 1 (search-count.ts: the
 * total past the cap is only said to be more). The same conditions as buildSearchSql's
 * `tier > 0`: a record's tier is above 0 exactly when every term has points.
 */
export function buildCountSql(
  query: SearchQuery,
  options: {
    cemiterio: string | null;
    vocabulary?: Vocabulary;
    cap: number;
    /**
     * Count only in this percentage of the table's pages, chosen at random (TABLESAMPLE
     * SYSTEM, the same pages each time): enough to prove "more than the cap" for matches dense
     * in the register, where the words GIN would first gather every one of them
     * (search-count.ts, countMatches). Random pages, not the first ones: the table is stored in
     * name order (db/register-order.ts), so its first pages hold only the names in "a".
     */
    samplePercent?: number;
    /** False for a large cemetery: not through its btree (cemeteryAnd). */
    cemeteryByIndex?: boolean;
  },
): SearchSql {
  const p = new Params();
  const from = options.samplePercent
    ? `sepultados s TABLESAMPLE SYSTEM (${p.add(options.samplePercent)}::float4) REPEATABLE (0)`
    : 'sepultados s';
  const inCemetery = cemeteryAnd(p, options.cemiterio, options.cemeteryByIndex);
  const each = query.terms.map((term, i) => termMatches(p, term, options.vocabulary?.[i]));
  return {
    text: `SELECT count(*)::int AS n FROM (
  SELECT 1 FROM ${from} WHERE s.deleted_at IS NULL${inCemetery} AND ${each.join(' AND ')}
  LIMIT ${p.add(options.cap + 1)}
) x`,
    params: p.values,
  };
}

/**
 * The term scores 4000 (search-score.ts): a word of the name or the street equal to it, or
 * the whole quadra, plate or street number. `word`: a word term, which the record then holds
 * in search_words (a whole quadra or plate key of letters is one of its words too,
 * locationKeys), read for all word terms at once from the word GIN; `points`: the test itself.
 */
function equalWhere(p: Params, term: QueryTerm): { word: string | null; points: string } {
  const t = term.text;
  if (term.numeric) {
    const fields = term.field === 'any' ? (['q', 'p', 'r'] as const) : [FIELD_KEY[term.field]];
    const keys = fields.map((f) => `${f}=${t}`);
    return { word: null, points: `s.search_keys && ${p.add(keys, '::text[]')}` };
  }
  if (term.field === 'quadra' || term.field === 'chapa') {
    const key = [`${FIELD_KEY[term.field]}=${t}`];
    return { word: null, points: `s.search_keys && ${p.add(key, '::text[]')}` };
  }
  const eq = p.add(`% ${escapeLike(t)} %`);
  if (term.field === 'rua') return { word: t, points: `s.search_rua LIKE ${eq}` };
  const keys = p.add([`q=${t}`, `p=${t}`], '::text[]');
  return {
    word: t,
    points: `(s.search_name LIKE ${eq} OR s.search_rua LIKE ${eq} OR s.search_keys && ${keys})`,
  };
}

/**
 * The records where every term scores 4000 and whose name is outside the names-start ranges
 * (phraseRanges): all in tier 4 with 4000 points a term, so in the search's order when newest
 * death first (search-equal.ts says why that is the rest of the page). The best `limit` of
 * them, with `equal`, how many records have every term equal (in the ranges or not); the
 * cards' columns are read for those only (the candidates are kept narrow: ~10,000 of them
 * for a common pair at 2 M). The MATERIALIZED fence keeps the planner from reading the death btree in order, which it
 * prefers with a LIMIT and which reads most of 2 M records when the words are rare together.
 */
export function buildEqualSql(
  query: SearchQuery,
  options: {
    limit: number;
    cemiterio: string | null;
    /**
     * Read newest death first down the death btree and stop at the `limit`th, counting the
     * equal records only up to `cap` + 1: for a word so common (one "maria" or "silva" in
     * seven at 2,000,000) that the walk meets the page within a few hundred records, while
     * gathering every holder reads them all. Planned with the words (the caller runs it unnamed).
     */
    newestFirst?: { cap: number };
  },
): SearchSql {
  const p = new Params();
  const inCemetery = cemeteryAnd(p, options.cemiterio);
  const each = query.terms.map((term) => equalWhere(p, term));
  const words = each.flatMap((e) => (e.word === null ? [] : [e.word]));
  const conditions = [
    ...(words.length > 0 ? [`s.search_words @> ${p.add(words, '::text[]')}`] : []),
    ...each.map((e) => e.points),
  ];
  const nameTerms = query.terms.filter((t) => t.field === 'any' && !t.numeric);
  const starts = phraseStarts(nameTerms).map((s) => `${escapeLike(s)}%`);
  const outsideOf = (alias: string) =>
    starts.length > 0 ? `NOT (${likeAny(p, `${alias}.search_name`, starts)})` : 'true';
  const card = (from: string) => `
SELECT page.id, s.nome, s.rua, s.quadra, s.chapa, s.cemiterio,
  to_char(page.dt_fal, 'YYYY-MM-DD') AS dt_fal, ${MATCH.equal}::int AS tier,
  ${4000 * query.terms.length}::int AS points, f.file, f.thumb,
  ${from} AS equal
FROM page
JOIN sepultados s ON s.id = page.id
${cardPhoto('page')}
ORDER BY page.dt_fal DESC NULLS LAST, page.id COLLATE "C" DESC`;
  const equalOf = `s.deleted_at IS NULL${inCemetery} AND ${conditions.join(' AND ')}`;
  if (options.newestFirst) {
    const page = `
WITH page AS (
  SELECT s.id, s.dt_fal FROM sepultados s
  WHERE ${equalOf} AND ${outsideOf('s')}
  ORDER BY s.dt_fal DESC NULLS LAST, s.id COLLATE "C" DESC LIMIT ${p.add(options.limit)}
)`;
    const counted = `(SELECT count(*)::int FROM (
    SELECT 1 FROM sepultados s WHERE ${equalOf} LIMIT ${p.add(options.newestFirst.cap + 1)}) x)`;
    return { text: page + card(counted), params: p.values };
  }
  const outside = outsideOf('c');
  const text = `
WITH c AS MATERIALIZED (
  SELECT s.id, s.dt_fal, s.search_name
  FROM sepultados s
  WHERE ${equalOf}
), page AS (
  SELECT * FROM c WHERE ${outside}
  ORDER BY c.dt_fal DESC NULLS LAST, c.id COLLATE "C" DESC LIMIT ${p.add(options.limit)}
)${card('(SELECT count(*)::int FROM c)')}`;
  return { text, params: p.values };
}

/**
 * For each term, whether some record matches it exactly (the scoring conditions themselves,
 * so it agrees with termPoints): one row of booleans t0, t1…, each the first match along an
 * index whose order has nothing to do with the names: the primary key (ids are made at
 * creation), or narrowed to a cemetery its records in change order (the pack's index, 0019).
 * Why not EXISTS: it stops at the first match along whatever it reads, and the planner prices
 * a sequential scan as if matches were spread evenly over the table; the table is stored in
 * name order (db/register-order.ts), where "lucas" starts half-way. A common word's postings
 * read into a bitmap instead mark a large share of the table's pages (figures:
 * bench/history/search-at-scale.md). Along such an index a word held by one record in a hundred is met
 * within ~100 rows, and for a rarer word the planner reads its postings (a bitmap, sorted).
 */
export function buildPresenceSql(
  query: SearchQuery,
  cemiterio: string | null = null,
  vocabulary?: Vocabulary,
): SearchSql {
  const p = new Params();
  // In the "C" collation, as the pack index has it: the plain cemiterio_id btree cannot answer
  // it cheaply (its Bitmap of Vila Formosa's 1,500,000 entries).
  const narrowed = cemiterio ? ` AND (s.cemiterio_id COLLATE "C") = ${p.add(cemiterio)}` : '';
  const order = cemiterio ? '(s.cemiterio_id COLLATE "C"), s.change_xid, s.change_seq' : 's.id';
  const cols = query.terms.map(
    (term, i) =>
      `(SELECT 1 FROM sepultados s WHERE s.deleted_at IS NULL${narrowed} AND ${termMatches(p, term, vocabulary?.[i])} ORDER BY ${order} LIMIT 1) IS NOT NULL AS t${i}`,
  );
  return { text: `SELECT ${cols.join(', ')}`, params: p.values };
}
