/**
 * GET /api/sepultados/pesquisa (spec §7) for the results page and the navbar suggestions, with
 * the device's copy as the answer when there is no signal (status 0 or navigator.onLine false).
 * Blank terms never reach here (callers check first); the server answers 400 to them anyway.
 * A cemetery narrows both the server's answer and the device's (device-search.ts: the visit
 * packs held plus the records opened online), with the same rule.
 */

import { parseQuery, SEARCH_LIMITS, SEARCH_MSG } from '../../domain/search-query';
import type {
  SearchAnswer,
  SearchCard,
  SearchSuggestion,
  SearchSuggestionsAnswer,
} from '../../domain/search-types';
import { request } from '../api';
import { storeCards } from '../burials-store';
import type { MemorialDb } from '../db';
import { keepOnDevice, openDevice } from '../device/device-open';
import { ApiFailure } from '../failure';
import type { DeviceScope } from './device-scope';

/**
 * The device search (packs + rows) loads only when the signal is gone: the home page and the QR
 * landing carry the navbar search, and their first load stays within its budget
 * (docs/decisions.md: bundle budgets).
 */
const deviceSearch = () => import('./device-search');

export interface SearchOutcome {
  cards: SearchCard[];
  total: number;
  /** The server counted only up to SEARCH_LIMITS.totalCap and more match ("Mais de 1.000"). */
  totalIsLowerBound: boolean;
  /** The answer came from this device's records (no signal). */
  fromDevice: boolean;
  /** Offline answers say whether words matched by typo; online answers do not know. */
  fuzzy: boolean | null;
  /** Offline answers: what the device searched (its packs, the records seen); null online. */
  scope: DeviceScope | null;
}

/**
 * The server's answer as the results page shows it. Found graves join the device's records, so
 * the same search works later without signal; a refused write (full quota) costs only that
 * offline copy, never the answer. Also for the answer a page the server rendered came with.
 * Without `database`, the page's store when it opens it (device/device-open.ts: a visitor's
 * first results page shows without loading it).
 */
export async function keepAnswer(
  answer: SearchAnswer,
  database?: MemorialDb,
): Promise<SearchOutcome> {
  const write = (db: MemorialDb) => storeCards(answer.sepultados, null, db);
  if (database) await write(database).catch(() => undefined);
  else await keepOnDevice(write);
  return onlineOutcome(answer);
}

/** The store a search without signal reads: the one given, else the page's, opened now. */
const searchedStore = async (database?: MemorialDb) => database ?? (await openDevice()).db;

export function onlineOutcome(answer: SearchAnswer): SearchOutcome {
  return {
    cards: answer.sepultados,
    total: answer.total,
    totalIsLowerBound: answer.totalIsLowerBound === true,
    fromDevice: false,
    fuzzy: null,
    scope: null,
  };
}

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** `cemiterio` narrows to one cemetery (src/domain/schemas/cemetery.ts); null = all. */
const path = (q: string, extra: string, cemiterio: string | null) =>
  `sepultados/pesquisa?q=${encodeURIComponent(q)}&${extra}${
    cemiterio ? `&cemiterio=${encodeURIComponent(cemiterio)}` : ''
  }`;

export async function fetchSearch(
  q: string,
  signal?: AbortSignal,
  database?: MemorialDb,
  cemiterio: string | null = null,
): Promise<SearchOutcome> {
  const offline = async (): Promise<SearchOutcome> => {
    const [device, db] = await Promise.all([deviceSearch(), searchedStore(database)]);
    const [local, scope] = await Promise.all([
      device.searchDevice(db, parseQuery(q), SEARCH_LIMITS.defaultLimit, cemiterio),
      device.deviceScope(db, cemiterio),
    ]);
    // Exact on the device; resultCountText says "Mais de 1.000" past the cap as online does.
    return {
      cards: local.cards,
      total: local.total,
      totalIsLowerBound: false,
      fromDevice: true,
      fuzzy: local.fuzzy,
      scope,
    };
  };
  if (isOffline()) return offline();
  try {
    const answer = await request<SearchAnswer>(
      path(q, `limit=${SEARCH_LIMITS.defaultLimit}`, cemiterio),
      {
        fallback: SEARCH_MSG.failed,
        signal,
      },
    );
    return await keepAnswer(answer, database);
  } catch (err) {
    if (err instanceof ApiFailure && err.offline && !signal?.aborted) return offline();
    throw err;
  }
}

interface SuggestionOutcome {
  items: SearchSuggestion[];
  fromDevice: boolean;
}

/** Suggestions; any failure but a lost signal is an empty list (spec §8: silently). */
export async function fetchSuggestions(
  q: string,
  signal?: AbortSignal,
  database?: MemorialDb,
  cemiterio: string | null = null,
): Promise<SuggestionOutcome> {
  const offline = async (): Promise<SuggestionOutcome> => ({
    items: await (await deviceSearch()).suggestDevice(
      await searchedStore(database),
      parseQuery(q),
      SEARCH_LIMITS.suggestions,
      cemiterio,
    ),
    fromDevice: true,
  });
  try {
    if (isOffline()) return await offline();
    const answer = await request<SearchSuggestionsAnswer>(path(q, 'suggestions=true', cemiterio), {
      fallback: SEARCH_MSG.failed,
      signal,
    });
    return { items: Array.isArray(answer.sepultado) ? answer.sepultado : [], fromDevice: false };
  } catch (err) {
    if (signal?.aborted) throw err;
    if (err instanceof ApiFailure && err.offline) return offline().catch(() => empty);
    return empty;
  }
}

const empty: SuggestionOutcome = { items: [], fromDevice: false };
