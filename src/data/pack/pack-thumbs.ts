/**
 * Phase 2 of a cemetery's visit pack: the card photo's thumbnail (≤ 320 px) of every record of
 * the pack that has one, stored in `photos` as kind "pack", a few at a time, skipping those
 * already stored (a resumed pack, or photos seen before — those become "pack" so they are not
 * trimmed). Plain fetch(): the service worker only handles <img> loads, so nothing is stored
 * twice. A full device stops the phase cleanly (SyncStopped 'quota'); what is stored stays.
 */

import { API_BASE } from '../../lib/api-base';
import { PACK_TEXT } from '../../lib/texts/pack-texts';
import type { MemorialDb } from '../db';
import { ApiFailure } from '../failure';
import { eachPackRecord } from '../pack-store/pack-read';
import { storePhoto } from '../photo-store';
import { isQuotaError, SyncStopped, toSyncStopped } from '../sync-errors';

const PARALLEL = 4;

/** Paths ("sepultados/<thumb>") of the thumbnails a cemetery's pack wants. */
export async function packThumbPaths(db: MemorialDb, packId: string): Promise<string[]> {
  const paths: string[] = [];
  await eachPackRecord(db, packId, (r) => {
    if (r.thumb) paths.push(`sepultados/${r.thumb}`);
  });
  return paths;
}

interface ThumbProgress {
  total: number;
  done: number;
  bytes: number;
}

async function fetchThumb(path: string, signal: AbortSignal): Promise<Blob | null> {
  let res: Response;
  try {
    res = await fetch(`${API_BASE}/images/${path}`, { signal });
  } catch (err) {
    if (signal.aborted) throw err;
    throw new ApiFailure(0, 'offline');
  }
  // A photo removed since the records came: nothing to keep, not a failure of the pack.
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return res.blob();
}

export async function downloadThumbs(
  db: MemorialDb,
  packId: string,
  options: { signal: AbortSignal; onProgress: (p: ThumbProgress) => void | Promise<void> },
): Promise<ThumbProgress> {
  const wanted = await packThumbPaths(db, packId);
  const held = new Set((await db.photos.toCollection().primaryKeys()).map(String));
  const heldWanted = wanted.filter((p) => held.has(p));
  // Seen before as "viewed": keep them for good now.
  await db.photos.where('path').anyOf(heldWanted).modify({ kind: 'pack' });
  const todo = wanted.filter((p) => !held.has(p));
  // Bytes of the pack's thumbnails on the device, not only this run's downloads: photos seen
  // before (or fetched by an interrupted run) count too, so the line never reads "1 kB" beside
  // an announced "~11 kB" when most of it was already here.
  let heldBytes = 0;
  await db.photos
    .where('path')
    .anyOf(heldWanted)
    .each((row) => {
      heldBytes += row.bytes;
    });
  const progress: ThumbProgress = {
    total: wanted.length,
    done: heldWanted.length,
    bytes: heldBytes,
  };
  await options.onProgress({ ...progress });
  let next = 0;
  // One worker's failure (full device, no signal) stops the others at their next photo.
  let failed = false;
  const worker = async () => {
    while (next < todo.length && !failed) {
      options.signal.throwIfAborted();
      const path = todo[next++] as string;
      const blob = await fetchThumb(path, options.signal);
      if (blob) {
        await storePhoto(db, path, blob, 'pack');
        progress.bytes += blob.size;
      }
      progress.done += 1;
      if (progress.done % 20 === 0 || progress.done === progress.total) {
        await options.onProgress({ ...progress });
      }
    }
  };
  try {
    await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        worker().catch((err: unknown) => {
          failed = true;
          throw err;
        }),
      ),
    );
  } catch (err) {
    if (isQuotaError(err)) throw new SyncStopped('quota', PACK_TEXT.thumbsStoppedQuota);
    throw toSyncStopped(err, options.signal);
  }
  await options.onProgress({ ...progress });
  return progress;
}
