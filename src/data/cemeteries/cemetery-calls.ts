/**
 * /api/cemiterios for the screens (contract in src/domain/schemas/cemetery.ts). The list is
 * kept on the device (Dexie's `meta` table, one row) each time it is read with signal, so the
 * cemetery choice and names still show without it.
 */
import { CEM_MSG } from '../../domain/cemetery-messages';
import type { Cemetery, CemeteryCreate, CemeteryEdit } from '../../domain/cemetery-types';
import { request } from '../api';
import type { MemorialDb } from '../db';
import { deviceIfWanted, keepOnDevice, openDevice } from '../device/device-open';
import { ApiFailure } from '../failure';

/**
 * Dexie loads on first use: the visitor's search form on /login asks for the list, and that
 * page's first load carries no Dexie (docs/decisions.md: bundle budgets; device/device-open.ts).
 */
const deviceDb = async () => (await openDevice()).db;

/** The `meta` row holding the last list read from the server. */
const LIST_META_KEY = 'cemiterios';

function isCemeteryList(value: unknown): value is Cemetery[] {
  return (
    Array.isArray(value) &&
    value.every((c) => c && typeof c.id === 'string' && typeof c.nome === 'string')
  );
}

/** The list this device last saw, or null (never read, or the device's storage failed). */
export async function readStoredCemeteries(database?: MemorialDb): Promise<Cemetery[] | null> {
  try {
    const row = await (database ?? (await deviceDb())).meta.get(LIST_META_KEY);
    return row && isCemeteryList(row.value) ? row.value : null;
  } catch {
    return null;
  }
}

/**
 * The stored list to show while the server is asked, when the page has its store open (or wants
 * it at once); null on a visitor's first page, which does not open it for this
 * (device/device-open.ts).
 */
export async function storedCemeteriesNow(): Promise<Cemetery[] | null> {
  const device = deviceIfWanted();
  return device ? readStoredCemeteries((await device).db) : null;
}

/**
 * The server's list, stored on the device; without signal (or when the answer fails) the stored
 * one, else the failure. `device: false` neither stores nor reads the device's copy.
 */
/**
 * The list being asked for: the hooks of one page view (the results' filter and the search
 * form's choice; the home and the navbar's box) mount together and share one request. Nothing
 * is kept once it is answered: the next ask asks again.
 */
let asking: Promise<Cemetery[]> | null = null;

function askList(): Promise<Cemetery[]> {
  if (!asking) {
    const ask = request<Cemetery[]>('cemiterios', { fallback: CEM_MSG.listLoadError });
    const done = () => {
      asking = null;
    };
    ask.then(done, done);
    asking = ask;
  }
  return asking;
}

export async function fetchCemeteries(
  device = true,
): Promise<{ list: Cemetery[]; fromDevice: boolean }> {
  try {
    const list = await askList();
    if (!device) return { list, fromDevice: false };
    await keepOnDevice((db) => db.meta.put({ key: LIST_META_KEY, value: list }));
    return { list, fromDevice: false };
  } catch (err) {
    const stored = device ? await readStoredCemeteries() : null;
    if (stored && err instanceof ApiFailure && (err.offline || err.status >= 500)) {
      return { list: stored, fromDevice: true };
    }
    throw err;
  }
}

/** One cemetery's public page; without signal, its entry of the stored list. */
export async function fetchCemetery(id: string): Promise<Cemetery> {
  try {
    return await request<Cemetery>(`cemiterios/${encodeURIComponent(id)}`, {
      fallback: CEM_MSG.listLoadError,
    });
  } catch (err) {
    if (err instanceof ApiFailure && err.offline) {
      const stored = (await readStoredCemeteries())?.find((c) => c.id === id);
      if (stored) return stored;
    }
    throw err;
  }
}

export function createCemetery(body: CemeteryCreate): Promise<Cemetery> {
  return request<Cemetery>('cemiterios', {
    method: 'post',
    json: body,
    fallback: CEM_MSG.saveError,
  });
}

export function editCemetery(id: string, body: CemeteryEdit): Promise<Cemetery> {
  return request<Cemetery>(`cemiterios/${encodeURIComponent(id)}`, {
    method: 'patch',
    json: body,
    // A new name is written to every record of the cemetery (docs/decisions.md "Cemeteries").
    timeout: 600_000,
    fallback: CEM_MSG.saveError,
  });
}

/** Moves every record of `id` into `destino` and removes `id`; answers the destination. */
export function mergeCemetery(id: string, destino: string): Promise<Cemetery> {
  return request<Cemetery>(`cemiterios/${encodeURIComponent(id)}/mesclar`, {
    method: 'post',
    json: { destino },
    // Moving a large cemetery's records takes a while (docs/decisions.md "Cemeteries").
    timeout: 600_000,
    fallback: CEM_MSG.saveError,
  });
}
