/**
 * GET /api/sepultados/pesquisa: the public search and the navbar suggestions. The query is
 * parsed by the shared domain rules (src/domain/search-query.ts) and answered with exactly the
 * page of the full ranking (search-sql.ts, buildSearchSql: src/domain/search-score.ts in SQL),
 * by the first strategy of the plan (search-plan.ts) that can give it, one file each
 * (search-run.ts lists them): a broad names-start range, the range ranked whole, a walk newest
 * death first, the equal records, else that ranking itself and — only when the exact rules find
 * nothing — the typo pass, as the offline client's rankRecords does. Which way is taken when,
 * and why each is exact: README.md. Tombstones never match (every condition includes deleted_at).
 */

import {
  parseQuery,
  SEARCH_LIMITS,
  type SearchQuery,
  validateSearchQuery,
} from '../../../src/domain/search-query';
import type { SearchAnswer, SearchCard, SearchSuggestion } from '../../../src/domain/search-types';
import type { AppContext } from '../../context';
import { badRequest } from '../../lib/http-error';
import { type CardRow, toCard } from '../burials/public';
import { cappedTotal } from './search-count';
import { planSearch } from './search-plan';
import { runPlan } from './search-run';
import { type ElementStats, estimateCounts, heldStats } from './search-stats';
import type { SearchRun } from './search-strategy';
import { lookupTypoWords, lookupVocabulary } from './search-vocab';

interface SearchRow extends CardRow {
  /** The cemetery's name (every card and suggestion says which, for a city of several). */
  cemiterio: string | null;
  dt_fal: string | null;
  tier: number;
  points: number;
  total?: number;
}

/** The parsed query, or a 400 with the pt-BR reason (empty or too long). */
function parse(q: string | undefined): SearchQuery {
  const problem = validateSearchQuery(q);
  if (problem) throw badRequest(problem, 'q');
  return parseQuery(q ?? '');
}

/** The burial card (burials-projection.ts) plus the date of death and the photo as one name. */
function toSearchCard(row: SearchRow): SearchCard {
  return { ...toCard(row), cemiterio: row.cemiterio, dtFal: row.dt_fal, image: row.file };
}

/** One search's run (search-strategy.ts) over this app's statements and held statistics. */
function newRun(
  ctx: AppContext,
  query: SearchQuery,
  options: { limit: number; cemiterio: string | null; stamp: string | null; count: boolean },
): SearchRun<SearchRow> {
  // The held statistics are taken when a strategy first asks (a suggestion its names-start
  // range answers may need none), then the same for the whole search.
  let held: ElementStats | null = null;
  const statsOf = () => {
    held ??= heldStats(ctx);
    return held;
  };
  const stats: ElementStats = {
    size: () => statsOf().size(),
    shares: (columns, elements) => statsOf().shares(columns, elements),
    cemeteryShare: (id) => statsOf().cemeteryShare?.(id) ?? Promise.resolve(0),
  };
  return {
    sql: ctx.search.reads,
    query,
    limit: options.limit,
    cemiterio: options.cemiterio,
    count: options.count,
    stats,
    read: null,
    typoWords: (fuzzy) => lookupTypoWords(ctx, query, fuzzy, options.stamp),
    ranged: null,
  };
}

/** The vocabulary of each term and what the statistics expect of the query. */
async function readEstimate(ctx: AppContext, run: SearchRun<SearchRow>, stamp: string | null) {
  const vocabulary = await lookupVocabulary(ctx, run.query, stamp);
  return { vocabulary, estimate: await estimateCounts(run.stats, run.query, vocabulary) };
}

/** `cemiterio`: a cemetery's id, to answer only its records (an unknown id finds nothing). */
export async function searchBurials(
  ctx: AppContext,
  q: string | undefined,
  limit: number = SEARCH_LIMITS.defaultLimit,
  cemiterio: string | null = null,
  stamp: string | null = null,
): Promise<SearchAnswer> {
  const query = parse(q);
  if (query.terms.length === 0) return { sepultados: [], total: 0 };
  const run = newRun(ctx, query, { limit, cemiterio, stamp, count: true });
  run.read = await readEstimate(ctx, run, stamp);
  const found = await runPlan(run, (read) =>
    planSearch({ query, mode: 'enter', limit, read, takeAt: SEARCH_LIMITS.totalCap }),
  );
  return {
    sepultados: (found?.rows ?? []).map(toSearchCard),
    ...cappedTotal(found?.found ?? 0),
  };
}

export async function suggestBurials(
  ctx: AppContext,
  q: string | undefined,
  cemiterio: string | null = null,
  stamp: string | null = null,
): Promise<SearchSuggestion[]> {
  const query = parse(q);
  if (query.terms.length === 0) return [];
  const limit = SEARCH_LIMITS.suggestions;
  const run = newRun(ctx, query, { limit, cemiterio, stamp, count: false });
  // The names-start range first; the vocabulary and the estimate only when it falls short.
  const found = await runPlan(
    run,
    (read) => planSearch({ query, mode: 'suggest', limit, read, takeAt: SEARCH_LIMITS.totalCap }),
    () => readEstimate(ctx, run, stamp),
  );
  return (found?.rows ?? []).map(toSuggestion);
}

function toSuggestion(r: SearchRow): SearchSuggestion {
  return {
    _id: r.id,
    id: r.id,
    nome: r.nome,
    rua: r.rua,
    quadra: r.quadra,
    chapa: r.chapa,
    cemiterio: r.cemiterio,
  };
}
