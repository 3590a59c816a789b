/**
 * GET /api/sepultados/pesquisa: the public search and the navbar suggestions. The query is
 * parsed by the shared domain rules (src/domain/search-query.ts) and answered with exactly the
 * page of the full ranking (search-sql.ts, buildSearchSql: src/domain/search-score.ts in SQL),
 * by the first way that can give it: top-k by class (search-topk.ts), a broad names-start range
 * (search-broad.ts), the names-start range ranked whole, a walk newest death first
 * (search-walk.ts), else that ranking itself and — only when the exact rules find nothing — the
 * typo pass for the words search-fuzzy.ts chooses, as the offline client's rankRecords does.
 * Which way is taken when, and why each is exact: README.md. Tombstones never match (every
 * condition includes deleted_at).
 */

import { chooseFuzzyTerms, hasFuzzyTerm } from '../../../src/domain/search-fuzzy';
import {
  parseQuery,
  SEARCH_LIMITS,
  type SearchQuery,
  validateSearchQuery,
} from '../../../src/domain/search-query';
import { MATCH } from '../../../src/domain/search-score';
import type { SearchAnswer, SearchCard, SearchSuggestion } from '../../../src/domain/search-types';
import type { AppContext } from '../../context';
import { badRequest } from '../../lib/http-error';
import { type CardRow, toCard } from '../burials/public';
import { broadSuggestions } from './search-broad';
import {
  buildPhraseSql,
  buildPresenceSql,
  buildSearchSql,
  type TypoWords,
  type Vocabulary,
} from './search-sql';
import { estimateCounts, heldStats } from './search-stats';
import { cappedTotal, topByClass } from './search-topk';
import { lookupTypoWords, lookupVocabulary } from './search-vocab';
import { walkedPage } from './search-walk';

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

/**
 * The exact pass runs as a prepared statement with a generic plan (db/prepared.ts): its index
 * plan is the same whatever the words. The typo pass and the presence check do not: their
 * plans depend on the values (a generic plan of the presence check is a sequential scan that
 * stops at the first match — a whole table read for a quadra that does not exist; the typo
 * pass's trigram thresholds plan better with the words), so they are planned at each call.
 * So is a search narrowed to one cemetery: without the value, the plan takes every cemetery
 * for a 22nd of the register and ANDs its btree into the word bitmap, which for Vila Formosa
 * (1.5 M of 2 M) reads the whole btree to remove a quarter of the candidates.
 */
async function run(
  ctx: AppContext,
  query: SearchQuery,
  options: {
    fuzzy: readonly number[];
    limit: number;
    count: boolean;
    cemiterio: string | null;
    vocabulary: Vocabulary;
    typo?: TypoWords;
  },
): Promise<SearchRow[]> {
  const { text, params } = buildSearchSql(query, options);
  const sql = ctx.database.sql;
  return options.fuzzy.length > 0 || options.cemiterio
    ? sql.query<SearchRow>(text, params)
    : sql.prepared<SearchRow>(text, params);
}

/**
 * Nothing matched exactly: the terms typo matching applies to (search-fuzzy.ts), or null when
 * no word is long enough to try.
 */
async function fuzzyTerms(
  ctx: AppContext,
  query: SearchQuery,
  cemiterio: string | null,
  vocabulary: Vocabulary,
): Promise<number[] | null> {
  if (!hasFuzzyTerm(query)) return null;
  const { text, params } = buildPresenceSql(query, cemiterio, vocabulary);
  const [row] = await ctx.database.sql.query<Record<string, boolean>>(text, params);
  return chooseFuzzyTerms(
    query,
    query.terms.map((_, i) => row?.[`t${i}`] === true),
  );
}

/**
 * The exact pass; when it finds nothing, the typo pass over the terms fuzzyTerms chooses, its
 * trigram candidates read by the words they need (lookupTypoWords).
 */
async function exactThenTypo(
  ctx: AppContext,
  query: SearchQuery,
  options: {
    limit: number;
    count: boolean;
    cemiterio: string | null;
    vocabulary: Vocabulary;
    stamp: string | null;
  },
): Promise<SearchRow[]> {
  const { stamp, ...exact } = options;
  // A word no stored word holds ("sebsatiao") matches nothing exactly: no statement for that.
  const none = options.vocabulary.some((words) => words?.length === 0);
  const rows = none ? [] : await run(ctx, query, { ...exact, fuzzy: [] });
  if (rows.length > 0) return rows;
  const fuzzy = await fuzzyTerms(ctx, query, options.cemiterio, options.vocabulary);
  if (!fuzzy) return rows;
  const typo = await lookupTypoWords(ctx, query, fuzzy, stamp);
  return run(ctx, query, { ...exact, fuzzy, typo });
}

/** The burial card (burials-projection.ts) plus the date of death and the photo as one name. */
function toSearchCard(row: SearchRow): SearchCard {
  return { ...toCard(row), cemiterio: row.cemiterio, dtFal: row.dt_fal, image: row.file };
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
  const vocabulary = await lookupVocabulary(ctx, query, stamp);
  // A full page in the classes ≥ 4 needs no ranking of every match (search-topk.ts).
  const top = await topByClass<SearchRow>(ctx.database.sql, query, {
    limit,
    cemiterio,
    vocabulary,
    stats: heldStats(ctx),
  });
  if (top) {
    const { rows, ...total } = top;
    return { sepultados: rows.map(toSearchCard), ...total };
  }
  const rows = await exactThenTypo(ctx, query, {
    limit,
    count: true,
    cemiterio,
    vocabulary,
    stamp,
  });
  return { sepultados: rows.map(toSearchCard), ...cappedTotal(Number(rows[0]?.total ?? 0)) };
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
  // Names starting with the typed words first (search-sql.ts, buildPhraseSql): when a full
  // list of them ranks in class ≥ 5 nothing else can come before them.
  // A broad prefix ("mari") without ranking its whole range (search-broad.ts); else the range.
  const phrase = buildPhraseSql(query, limit, cemiterio);
  let ranged: SearchRow[] | null = null;
  if (phrase) {
    ranged =
      (await broadSuggestions<SearchRow>(ctx.database.sql, query, limit, cemiterio, {
        stats: heldStats(ctx),
      })) ?? (await ctx.database.sql.prepared<SearchRow>(phrase.text, phrase.params));
    const last = ranged[ranged.length - 1];
    if (ranged.length === limit && last && last.tier >= MATCH.nameStarts) {
      return ranged.map(toSuggestion);
    }
  }
  const vocabulary = await lookupVocabulary(ctx, query, stamp);
  // Words cut short that start a great many names ("jo sa", "re"): search-walk.ts.
  const walked = await walkedPage<SearchRow>(ctx.database.sql, query, {
    limit,
    cemiterio,
    vocabulary,
    expected: await estimateCounts(heldStats(ctx), query, vocabulary),
    ranged,
  });
  if (walked) return walked.map(toSuggestion);
  const rows = await exactThenTypo(ctx, query, {
    limit,
    count: false,
    cemiterio,
    vocabulary,
    stamp,
  });
  return rows.map(toSuggestion);
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
