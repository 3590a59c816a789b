/**
 * The records the logged-in person may edit, kept on the device beside the visit packs, so the
 * dashboard ("Memorial") and the record page's "Editar" work without signal: the ids, and for a
 * concessionário the records themselves, whole (an admin's are every record: the packs' copies).
 * Fetched with every pack download and delta sync from GET /api/sync/mine — an authenticated call answering
 * only for the caller, because the public record sync never says who manages a record.
 * Stored per person: on a shared phone, one person's list never answers for another.
 */

import type { MineAnswer } from '../../domain/sync-types';
import { request } from '../api';
import type { MemorialDb } from '../db';
import { rowFromRecord } from '../local-rows';
import { mineKey, type StoredMine } from '../mine-local';
import { readAuth } from '../session-storage';
import { writeMeta } from '../sync-meta';

/**
 * Asks the server (when someone is logged in) and stores the answer; failures are silent.
 * Asked whatever role the device has stored: right after a login (or a promotion) the stored
 * role can still be the default "usuario" while the current-user check is under way, and a
 * pack downloaded in that moment would leave a concessionário without an offline list. The
 * server answers an empty list to whoever may edit nothing.
 */
export async function syncMine(db: MemorialDb, now: number = Date.now()): Promise<void> {
  const auth = readAuth();
  if (!auth) return;
  try {
    const answer = await request<MineAnswer>('sync/mine', {
      method: 'get',
      fallback: 'Não foi possível ler seus registros.',
    });
    if (answer.userId !== auth.userId) return;
    const { records, ...mine } = answer;
    // The assigned records whole (the pack carries card fields only), so they open and are
    // corrected without signal; a pending edit still shows over them (the outbox overlay).
    if (records && records.length > 0) {
      await db.sepultados.bulkPut(records.map((r) => rowFromRecord(r, now)));
    }
    await writeMeta(db, mineKey(answer.userId), { ...mine, at: now } satisfies StoredMine);
  } catch {
    // Without signal (or an ended session, announced by the client) the stored list stays.
  }
}
