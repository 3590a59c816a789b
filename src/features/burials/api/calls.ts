/**
 * The burial register's API calls (spec §7), each throwing ApiFailure with its fallback text.
 * Reads feed the Dexie read model; writes update it with the record they answer, so every
 * screen (home, detail) shows the change at once, with or without signal afterwards.
 */
import { HTTPError } from 'ky';
import { ApiFailure, api, request, toApiFailure } from '../../../data/api';
import {
  HOME_LIST,
  removeRecord,
  storeCards,
  storeCreated,
  storeRecord,
} from '../../../data/burials-store';
import { readCardList } from '../../../data/local-rows';
import type {
  ConcessionarioListItem,
  MineCard,
  SepultadoCard,
  SepultadoRecord,
} from '../../../domain/sepultado-types';
import type { EditConflictAnswer, FieldConflict } from '../../../domain/sync-types';
import type { BurialPayload } from '../form-values';
import { TEXT } from '../texts';

/**
 * 409 on an edit: someone saved the same fields first (the server merges edits of different
 * fields on its own). Nothing was applied; `current` is the record as it is now.
 */
export class StaleFailure extends ApiFailure {
  constructor(
    message: string,
    public readonly current: SepultadoRecord,
    public readonly conflicts: FieldConflict[],
  ) {
    super(409, message);
  }
}

/**
 * A read-model write that must not turn a good answer into a failure: when the device refuses
 * to store (full quota, private mode), the screen still shows the answer from memory (the
 * hooks keep it) and only the offline copy is missing.
 */
async function persist(write: () => Promise<void>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch {
    return false;
  }
}

export async function fetchHome(): Promise<SepultadoCard[]> {
  const answer = await request<unknown>('sepultados', { method: 'get', fallback: TEXT.listError });
  const cards = readCardList(answer, ['sepultados', 'sepultado']);
  await persist(() => storeCards(cards, HOME_LIST));
  return cards;
}

/** The full record, stored; a 404 removes the stored copy (the record is gone). */
export async function fetchSepultado(id: string): Promise<SepultadoRecord> {
  try {
    const record = await request<SepultadoRecord>(`sepultados/${encodeURIComponent(id)}`, {
      method: 'get',
      fallback: TEXT.detailLoadError,
    });
    await persist(() => storeRecord(record));
    return record;
  } catch (err) {
    if (err instanceof ApiFailure && err.status === 404) await persist(() => removeRecord(id));
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
  await persist(() => storeCards(cards, null));
  return cards;
}

interface RecordAnswer {
  message?: string;
  sepultado?: SepultadoRecord;
}

function bodyOptions(payload: BurialPayload) {
  return payload.kind === 'json' ? { json: payload.body } : { body: payload.body };
}

export async function createSepultado(payload: BurialPayload): Promise<RecordAnswer> {
  const answer = await request<RecordAnswer>('sepultados/create', {
    method: 'post',
    ...bodyOptions(payload),
    fallback: TEXT.createError,
  });
  const created = answer.sepultado;
  if (created) await persist(() => storeCreated(created));
  return answer;
}

/** PATCH with If-Match: the version the edit started from, so a stale edit answers 409. */
export async function updateSepultado(
  id: string,
  payload: BurialPayload,
  version: number,
): Promise<RecordAnswer> {
  let answer: RecordAnswer;
  try {
    answer = await api(`sepultados/${encodeURIComponent(id)}`, {
      method: 'patch',
      headers: { 'if-match': `"${version}"` },
      ...bodyOptions(payload),
    }).json<RecordAnswer>();
  } catch (err) {
    if (err instanceof HTTPError && err.response.status === 409) {
      const body = (await err.response
        .clone()
        .json()
        .catch(() => ({}))) as Partial<EditConflictAnswer>;
      const current = body.current;
      if (current) {
        await persist(() => storeRecord(current));
        throw new StaleFailure(body.message ?? TEXT.updateError, current, body.conflicts ?? []);
      }
    }
    throw await toApiFailure(err, TEXT.updateError);
  }
  const updated = answer.sepultado;
  if (updated) await persist(() => storeRecord(updated));
  return answer;
}

export async function deleteSepultado(id: string): Promise<{ message?: string }> {
  const answer = await request<{ message?: string }>(`sepultados/${encodeURIComponent(id)}`, {
    method: 'delete',
    fallback: TEXT.removeError,
  });
  await persist(() => removeRecord(id));
  return answer;
}

export function assignConcessionario(
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
export async function fetchConcessionarios(): Promise<ConcessionarioListItem[]> {
  const answer = await request<unknown>('users/concessionarios', {
    method: 'get',
    fallback: 'Erro ao carregar concessionários.',
  });
  if (Array.isArray(answer)) return answer as ConcessionarioListItem[];
  const items = (answer as { items?: unknown } | null)?.items;
  return Array.isArray(items) ? (items as ConcessionarioListItem[]) : [];
}
