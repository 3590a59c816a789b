/**
 * The burial register's API calls (spec §7), each throwing ApiFailure with its fallback text.
 * Reads feed the Dexie read model; writes update it with the record they answer, so every
 * screen (home, detail) shows the change at once, with or without signal afterwards. Edits
 * go through the outbox (src/data/outbox/submit.ts), not through here.
 */
import type {
  BurialCard,
  BurialRecord,
  ConcessionarioListItem,
  MineCard,
} from '../../domain/burial-types';
import type { FieldConflict } from '../../domain/sync-types';
import { TEXT } from '../../lib/texts/burial-texts';
import { request } from '../api';
import { HOME_LIST, removeRecord, storeCards, storeCreated, storeRecord } from '../burials-store';
import { keepOnDevice } from '../device/device-open';
import { ApiFailure } from '../failure';
import { readCardList } from '../local-rows';
import type { BurialPayload } from './burial-body';
import { takeEarly } from './early-record';

/**
 * 409 on an edit: someone saved the same fields first (the server merges edits of different
 * fields on its own). Nothing was applied; `current` is the record as it is now.
 */
export class StaleFailure extends ApiFailure {
  constructor(
    message: string,
    public readonly current: BurialRecord,
    public readonly conflicts: FieldConflict[],
  ) {
    super(409, message);
  }
}

export async function fetchHome(): Promise<BurialCard[]> {
  const answer = await request<unknown>('sepultados', { method: 'get', fallback: TEXT.listError });
  const cards = readCardList(answer, ['sepultados', 'sepultado']);
  await keepOnDevice((db) => storeCards(cards, HOME_LIST, db));
  return cards;
}

/** The full record, stored; a 404 removes the stored copy (the record is gone). */
export async function fetchBurial(id: string): Promise<BurialRecord> {
  try {
    const record =
      ((await takeEarly(id)) as BurialRecord | null) ??
      (await request<BurialRecord>(`sepultados/${encodeURIComponent(id)}`, {
        method: 'get',
        fallback: TEXT.detailLoadError,
      }));
    await keepOnDevice((db) => storeRecord(record, db));
    return record;
  } catch (err) {
    if (err instanceof ApiFailure && err.status === 404)
      await keepOnDevice((db) => removeRecord(id, db));
    throw err;
  }
}

export const MINE_LIMIT = 20;

export async function fetchMine(q: string): Promise<MineCard[]> {
  const searchParams: Record<string, string | number> = { limit: MINE_LIMIT };
  if (q.trim()) searchParams.q = q.trim();
  const answer = await request<unknown>('sepultados/meussepultados', {
    method: 'get',
    searchParams,
    fallback: TEXT.listError,
  });
  const cards: MineCard[] = readCardList(answer, ['sepults', 'sepultados']);
  // Public card fields: kept like any other list's, so the offline search can find them.
  await keepOnDevice((db) => storeCards(cards, null, db));
  return cards;
}

interface RecordAnswer {
  message?: string;
  sepultado?: BurialRecord;
}

function bodyOptions(payload: BurialPayload) {
  return payload.kind === 'json' ? { json: payload.body } : { body: payload.body };
}

export async function createBurial(payload: BurialPayload): Promise<RecordAnswer> {
  const answer = await request<RecordAnswer>('sepultados/create', {
    method: 'post',
    ...bodyOptions(payload),
    fallback: TEXT.createError,
  });
  const created = answer.sepultado;
  if (created) await keepOnDevice((db) => storeCreated(created, db));
  return answer;
}

export async function deleteBurial(id: string): Promise<{ message?: string }> {
  const answer = await request<{ message?: string }>(`sepultados/${encodeURIComponent(id)}`, {
    method: 'delete',
    fallback: TEXT.removeError,
  });
  await keepOnDevice((db) => removeRecord(id, db));
  return answer;
}

export function assignAssignee(
  id: string,
  userId: string,
  action: 'atribuir' | 'desatribuir',
  fallback: string,
): Promise<RecordAnswer> {
  return request<RecordAnswer>(
    `sepultados/${encodeURIComponent(id)}/${action}/${encodeURIComponent(userId)}`,
    { method: 'patch', fallback },
  );
}

/** GET /users/concessionarios: a bare list, or an object with items[] (spec §7). */
export async function fetchAssignees(): Promise<ConcessionarioListItem[]> {
  const answer = await request<unknown>('users/concessionarios', {
    method: 'get',
    fallback: 'Erro ao carregar concessionários.',
  });
  if (Array.isArray(answer)) return answer as ConcessionarioListItem[];
  const items = (answer as { items?: unknown } | null)?.items;
  return Array.isArray(items) ? (items as ConcessionarioListItem[]) : [];
}
