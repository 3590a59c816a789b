/**
 * GET /api/sepultados/pesquisa: the public search and the navbar suggestions. The query is
 * parsed by the shared domain rules (src/domain/search-query.ts), answered by one indexed SQL
 * statement (search-sql.ts), and — only when the exact rules find fewer than
 * FUZZY_WHEN_FEWER_THAN records — answered again with typo matching, exactly as the offline
 * client's rankRecords does. Tombstones never match (every condition includes deleted_at).
 */
import {
  parseQuery,
  SEARCH_LIMITS,
  type SearchQuery,
  validateSearchQuery,
} from '../../src/domain/search-query';
import { FUZZY_WHEN_FEWER_THAN, hasFuzzyTerm } from '../../src/domain/search-score';
import type { SearchAnswer, SearchCard, SearchSuggestion } from '../../src/domain/search-types';
import type { AppContext } from '../context';
import { badRequest } from '../http-error';
import { buildSearchSql } from './search-sql';

interface SearchRow {
  id: string;
  nome: string;
  rua: string | null;
  quadra: string;
  chapa: string;
  dt_fal: string | null;
  tier: number;
  points: number;
  total?: number;
  file: string | null;
  thumb: string | null;
}

/** The parsed query, or a 400 with the pt-BR reason (empty or too long). */
function parse(q: string | undefined): SearchQuery {
  const problem = validateSearchQuery(q);
  if (problem) throw badRequest(problem, 'q');
  return parseQuery(q ?? '');
}

async function run(
  ctx: AppContext,
  query: SearchQuery,
  options: { fuzzy: boolean; limit: number; count: boolean },
): Promise<SearchRow[]> {
  const { text, params } = buildSearchSql(query, options);
  return ctx.database.sql.query<SearchRow>(text, params);
}

function toCard(row: SearchRow): SearchCard {
  return {
    _id: row.id,
    id: row.id,
    nome: row.nome,
    rua: row.rua,
    quadra: row.quadra,
    chapa: row.chapa,
    dtFal: row.dt_fal,
    image: row.file,
    images: row.file ? [row.file] : [],
    thumb: row.thumb,
  };
}

export async function searchSepultados(
  ctx: AppContext,
  q: string | undefined,
  limit: number = SEARCH_LIMITS.defaultLimit,
): Promise<SearchAnswer> {
  const query = parse(q);
  if (query.terms.length === 0) return { sepultados: [], total: 0 };
  let rows = await run(ctx, query, { fuzzy: false, limit, count: true });
  let total = rows[0]?.total ?? 0;
  if (total < FUZZY_WHEN_FEWER_THAN && hasFuzzyTerm(query)) {
    rows = await run(ctx, query, { fuzzy: true, limit, count: true });
    total = rows[0]?.total ?? 0;
  }
  return { sepultados: rows.map(toCard), total: Number(total) };
}

export async function suggestSepultados(
  ctx: AppContext,
  q: string | undefined,
): Promise<SearchSuggestion[]> {
  const query = parse(q);
  if (query.terms.length === 0) return [];
  // Enough rows to know whether the exact rules found "few" without counting them all.
  const probe = Math.max(SEARCH_LIMITS.suggestions, FUZZY_WHEN_FEWER_THAN);
  let rows = await run(ctx, query, { fuzzy: false, limit: probe, count: false });
  if (rows.length < FUZZY_WHEN_FEWER_THAN && hasFuzzyTerm(query)) {
    rows = await run(ctx, query, { fuzzy: true, limit: SEARCH_LIMITS.suggestions, count: false });
  }
  return rows.slice(0, SEARCH_LIMITS.suggestions).map((r) => ({
    _id: r.id,
    id: r.id,
    nome: r.nome,
    rua: r.rua,
    quadra: r.quadra,
    chapa: r.chapa,
  }));
}
