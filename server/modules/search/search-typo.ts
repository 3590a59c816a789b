/**
 * Strategy `typo` (E2, S5): the typo pass, only when the exact rules find nothing (the plan puts
 * it after `exact`, or alone when some word has no stored word) and a term is eligible
 * (hasFuzzyTerm: a name word of ≥ MIN_FUZZY letters). The offline client's rankRecords does the
 * same two passes.
 *
 * Which terms (as the client: chooseFuzzyTerms) from which exist somewhere: buildPresenceSql,
 * one `LIMIT 1` per term along an index whose order is not the names' (the primary key, or
 * narrowed the pack index 0019). Candidates by word: the vocabulary words sharing a trigram
 * with the term (lookupTypoWords), kept when they reach the threshold alone (typoWords,
 * src/domain/search-fuzzy-bound.ts, docs/decisions/0027-typo-candidates-by-word.md); where
 * that cannot be said word by word, the trigram GIN on search_name.
 *
 * Why it is exactly the full ranking's page with typos: the same statement as `exact` with the
 * domain's typo points (fuzzyPoints) for the chosen terms, and candidates that are a superset
 * of the names those points can be above 0 for (the bound of search-fuzzy-bound.ts, or the
 * trigram index itself). Planned per call: its trigram thresholds plan better with the words.
 */
import { chooseFuzzyTerms, hasFuzzyTerm } from '../../../src/domain/search-fuzzy';
import { countOf, rankingRows } from './search-ranking';
import { buildPresenceSql } from './search-sql';
import { type Found, type PageRow, readOf, type SearchRun } from './search-strategy';

/** The terms typo matching applies to (search-fuzzy.ts), or null when none may. */
async function fuzzyTerms<R extends PageRow>(run: SearchRun<R>): Promise<number[] | null> {
  const { query } = run;
  if (!hasFuzzyTerm(query)) return null;
  const { text, params } = buildPresenceSql(query, run.cemiterio, readOf(run).vocabulary);
  const [row] = await run.sql.query<Record<string, boolean>>(text, params);
  return chooseFuzzyTerms(
    query,
    query.terms.map((_, i) => row?.[`t${i}`] === true),
  );
}

export async function typo<R extends PageRow>(run: SearchRun<R>): Promise<Found<R> | null> {
  const fuzzy = await fuzzyTerms(run);
  if (!fuzzy) return null;
  if (!run.typoWords) throw new Error('the typo pass needs the typo words lookup');
  const words = await run.typoWords(fuzzy);
  const rows = await rankingRows(run, { fuzzy, typo: words });
  return rows.length > 0 ? { rows, found: countOf(run, rows) } : null;
}
