/**
 * Per word term, the stored words (search_vocab, migration 0015) it equals, starts or is
 * contained in: one small lookup per search, whose result every statement of the search takes
 * as a parameter, so those planned at each call (presence, typo pass) are planned with the
 * real words (an absent word: no record to read; a common one: the planner knows).
 *
 * Held per pattern for the searches at one write stamp (search-cache.ts): the vocabulary only
 * changes with writes that move the stamp, and a crowd's different queries share most of their
 * words ("maria", "silva", "jose"). On the Finados mix this lookup was a third of PostgreSQL's
 * statement time (`%word%` over the vocabulary) on every search the held answers
 * did not cover. An entry lives TTL_MS at most — the stamp's one window (a lookup that ran while
 * a write was still uncommitted) is then as short as for the held answers. Without a stamp
 * (SEARCH_CACHE=off) every search reads the vocabulary.
 */
import { trigramPatterns, typoWords } from '../../../src/domain/search-fuzzy-bound';
import type { SearchQuery } from '../../../src/domain/search-query';
import type { AppContext } from '../../context';
import { TTL_MS } from '../../lib/read-cache';
import { type TypoWords, type Vocabulary, vocabPatterns } from './search-sql';
import type { VocabMemo } from './search-state';
import { MAX_PATTERNS } from './search-thresholds';

type Memo = VocabMemo;

function memoFor(ctx: AppContext, stamp: string | null): Memo | null {
  if (stamp === null) return null;
  let memo = ctx.search.vocab;
  if (!memo || memo.stamp !== stamp) {
    memo = { stamp, words: new Map() };
    ctx.search.vocab = memo;
  }
  return memo;
}

/** The vocabulary words of each pattern, from memory where held, the rest in one statement. */
async function wordsOf(
  ctx: AppContext,
  patterns: readonly string[],
  memo: Memo | null,
  now: number,
): Promise<Map<string, readonly string[]>> {
  const known = new Map<string, readonly string[]>();
  const missing: string[] = [];
  for (const pattern of new Set(patterns)) {
    const hit = memo?.words.get(pattern);
    if (hit && hit.until > now) known.set(pattern, hit.words);
    else missing.push(pattern);
  }
  if (missing.length === 0) return known;
  const rows = await ctx.database.sql.query<{ i: number; words: string[] }>(
    `SELECT t.i::int AS i, coalesce(array_agg(DISTINCT v.word) FILTER (WHERE v.word IS NOT NULL), '{}') AS words
     FROM unnest($1::text[]) WITH ORDINALITY AS t(pattern, i)
     LEFT JOIN search_vocab v ON v.word LIKE t.pattern
     GROUP BY t.i`,
    [missing],
  );
  if (memo && memo.words.size + missing.length > MAX_PATTERNS) memo.words.clear();
  for (const row of rows) {
    const pattern = missing[row.i - 1];
    if (pattern === undefined) continue;
    known.set(pattern, row.words);
    memo?.words.set(pattern, { words: row.words, until: now + TTL_MS });
  }
  return known;
}

/**
 * Per term, the distinct stored words its patterns match (null patterns: undefined), all
 * terms' patterns read in one statement (wordsOf).
 */
async function wordsPerTerm(
  ctx: AppContext,
  patternsOf: readonly (readonly string[] | null)[],
  stamp: string | null,
  now: number,
): Promise<(string[] | undefined)[]> {
  const all = patternsOf.flatMap((p) => p ?? []);
  const words = all.length > 0 ? await wordsOf(ctx, all, memoFor(ctx, stamp), now) : new Map();
  return patternsOf.map((patterns) =>
    patterns === null
      ? undefined
      : [...new Set(patterns.flatMap((p) => words.get(p) ?? []))].sort(),
  );
}

/** Per term index, its vocabulary words (undefined for a number, a quadra or a plate). */
export async function lookupVocabulary(
  ctx: AppContext,
  query: SearchQuery,
  stamp: string | null,
  now = Date.now(),
): Promise<Vocabulary> {
  const patternsOf = query.terms.map((term) =>
    term.numeric || term.field === 'quadra' || term.field === 'chapa' ? null : vocabPatterns(term),
  );
  return wordsPerTerm(ctx, patternsOf, stamp, now);
}

/**
 * Per typo term (`fuzzy`, search-fuzzy.ts), the words a name must hold for the term's
 * trigrams to match it (typoWords, search-fuzzy-bound.ts), or null where that cannot be said
 * word by word (the typo pass then asks the trigram GIN). Read from the words sharing a
 * trigram with the term, held per pattern like the vocabulary.
 */
export async function lookupTypoWords(
  ctx: AppContext,
  query: SearchQuery,
  fuzzy: readonly number[],
  stamp: string | null,
  now = Date.now(),
): Promise<TypoWords> {
  const patternsOf = query.terms.map((term, i) =>
    fuzzy.includes(i) ? trigramPatterns(term.text) : null,
  );
  const sharing = await wordsPerTerm(ctx, patternsOf, stamp, now);
  return query.terms.map((term, i) => {
    const words = sharing[i];
    return words === undefined ? undefined : typoWords(term.text, words);
  });
}
