/**
 * The graves a concessionário inspects, on their device: GET /api/sync/comisso, asked with each
 * personal sync (src/data/sync/personal-sync.ts) with the ETag of the last answer in
 * If-None-Match, so a sync with nothing changed costs one bodiless 304. Each grave of a record
 * assigned to them with an open comisso case is kept whole in the `fieldGraves` table (its
 * public part and open cases), per person, so the grave page opens at the grave without signal
 * and the inspection form is there (the inspection itself goes through the outbox).
 */
import type { InspectionOutboxItem } from '../../domain/outbox-item';
import type { FieldGraves } from '../../domain/schemas/comisso-field';
import { api } from '../api';
import type { LocalFieldGrave, MemorialDb } from '../db';
import { readAuth } from '../session-storage';
import { readMeta, writeMeta } from '../sync-meta';

interface StoredFieldGraves {
  ids: string[];
  etag: string | null;
  /** When the server last answered (200 or 304), ms. */
  at: number;
}

const metaKey = (userId: string) => `comisso.campo.${userId}`;

export type FieldSync = 'updated' | 'unchanged' | 'offline' | 'refused' | 'no-session';

export type FieldFetch = (
  etag: string | null,
) => Promise<{ status: number; etag: string | null; body: unknown }>;

/** The real call: the app's client (its 401 handling), no HTTP cache in between. */
const fetchFieldGraves: FieldFetch = async (etag) => {
  const response = await api.get('sync/comisso', {
    throwHttpErrors: false,
    cache: 'no-store',
    headers: etag ? { 'if-none-match': etag } : {},
  });
  const body = response.status === 200 ? await response.json() : null;
  return { status: response.status, etag: response.headers.get('etag'), body };
};

export async function syncFieldGraves(
  db: MemorialDb,
  options: { userId?: string; fetch?: FieldFetch; now?: number } = {},
): Promise<FieldSync> {
  const userId = options.userId ?? readAuth()?.userId;
  if (!userId) return 'no-session';
  const now = options.now ?? Date.now();
  const stored = await readMeta<StoredFieldGraves>(db, metaKey(userId));
  let answer: Awaited<ReturnType<FieldFetch>>;
  try {
    answer = await (options.fetch ?? fetchFieldGraves)(stored?.etag ?? null);
  } catch {
    return 'offline';
  }
  if (answer.status === 304 && stored) {
    await writeMeta(db, metaKey(userId), { ...stored, at: now } satisfies StoredFieldGraves);
    return 'unchanged';
  }
  const body = answer.body as FieldGraves | null;
  if (answer.status !== 200 || !body || body.userId !== userId) return 'refused';
  const rows: LocalFieldGrave[] = body.sepulturas.map((g) => ({
    ...g,
    userId,
    id: g.sepultura.id,
    storedAt: now,
  }));
  const ids = rows.map((r) => r.id);
  await db.transaction('rw', db.fieldGraves, db.outbox, db.meta, async () => {
    await db.fieldGraves.bulkPut(rows);
    // A grave whose case closed (or whose record left this person) goes, unless an inspection
    // of it is still on the device unsent: the page keeps showing where it was made.
    const keep = new Set(ids);
    const unsent = new Set(
      (await db.outbox.toArray())
        .filter(
          (i): i is InspectionOutboxItem =>
            i.kind === 'comisso-inspection' && i.userId === userId && i.state !== 'sent',
        )
        .map((i) => i.sepulturaId),
    );
    const gone = (await db.fieldGraves.where('userId').equals(userId).primaryKeys()).filter(
      ([, id]) => !keep.has(id) && !unsent.has(id),
    );
    await db.fieldGraves.bulkDelete(gone);
    await writeMeta(db, metaKey(userId), {
      ids,
      etag: answer.etag,
      at: now,
    } satisfies StoredFieldGraves);
  });
  return 'updated';
}

/** This person's copy of a grave, if their sync brought it. */
export function readFieldGrave(
  db: MemorialDb,
  userId: string,
  graveId: string,
): Promise<LocalFieldGrave | undefined> {
  return db.fieldGraves.get([userId, graveId]);
}
