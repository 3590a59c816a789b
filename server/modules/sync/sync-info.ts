/**
 * GET /api/sync/info: the size of a visit pack before a visitor starts it. Counted
 * and sampled, not summed: the record bytes are a gzip'd sample page of the sync answer times
 * the count, the thumbnail bytes the mean size of up to THUMB_SAMPLE files times the count.
 * One answer per process for TTL_MS (a phone deciding whether to download does not need the
 * last record, and 100k stats per visit would not be cheap).
 * With `cemiterio`, the size of that cemetery's visit pack (GET /api/sync/pack): its records,
 * the compact pages' bytes (a sampled page gzip'd, times the count) and its thumbnails; one
 * answer per cemetery for TTL_MS.
 */
import fs from 'node:fs/promises';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { PACK_PAGE_LIMIT, type SyncInfo } from '../../../src/domain/sync-types';
import type { AppContext } from '../../context';
import { imagePath } from '../../lib/images';
import { packPage } from './pack';
import { syncBurials } from './sync';

const TTL_MS = 60_000;
const RECORD_SAMPLE = 500;
const PACK_SAMPLE = PACK_PAGE_LIMIT;
const THUMB_SAMPLE = 200;
const gzip = promisify(zlib.gzip);

// $1: the cemetery, or null for the whole register.
const IN_CEMETERY = '($1::text IS NULL OR s.cemiterio_id = $1::text)';

// The pack's thumbnail per record: the first photo's.
const THUMBS_SQL = `
SELECT count(*)::int AS n FROM sepultados s
WHERE s.deleted_at IS NULL AND ${IN_CEMETERY}
  AND EXISTS (SELECT 1 FROM sepultado_fotos f WHERE f.sepultado_id = s.id)`;

const THUMB_SAMPLE_SQL = `
SELECT DISTINCT ON (f.sepultado_id) f.thumb FROM sepultado_fotos f
JOIN sepultados s ON s.id = f.sepultado_id AND s.deleted_at IS NULL AND ${IN_CEMETERY}
ORDER BY f.sepultado_id, f.position LIMIT $2`;

/** Compressed bytes per record of the answer the client will walk. */
async function bytesPerRecord(ctx: AppContext, cemiterio: string | null): Promise<number> {
  if (cemiterio === null) {
    const sample = await syncBurials(ctx, { limit: RECORD_SAMPLE });
    const n = sample.changed.length;
    return n > 0 ? (await gzip(JSON.stringify(sample.changed))).length / n : 0;
  }
  // The compact columns gain with the page's size: sample a page as large as the client's.
  const page = await packPage(ctx, { limit: PACK_SAMPLE, cemiterio });
  const n = page.nomes.length;
  return n > 0 ? (await gzip(JSON.stringify(page))).length / n : 0;
}

async function measure(ctx: AppContext, cemiterio: string | null): Promise<SyncInfo> {
  const sql = ctx.database.sql;
  const [live] = await sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM sepultados s WHERE s.deleted_at IS NULL AND ${IN_CEMETERY}`,
    [cemiterio],
  );
  const records = Number(live?.n ?? 0);
  const perRecord = await bytesPerRecord(ctx, cemiterio);

  const [withPhoto] = await sql.query<{ n: number }>(THUMBS_SQL, [cemiterio]);
  const thumbs = Number(withPhoto?.n ?? 0);
  const files = await sql.query<{ thumb: string }>(THUMB_SAMPLE_SQL, [cemiterio, THUMB_SAMPLE]);
  const sizes = await Promise.all(
    files.map(async ({ thumb }) => {
      const p = imagePath(ctx, 'sepultados', thumb);
      return p
        ? fs.stat(p).then(
            (s) => s.size,
            () => 0,
          )
        : 0;
    }),
  );
  const meanThumb = sizes.length > 0 ? sizes.reduce((a, b) => a + b, 0) / sizes.length : 0;
  return {
    records,
    recordBytesEstimate: Math.round(perRecord * records),
    thumbs,
    thumbBytes: Math.round(meanThumb * thumbs),
  };
}

export function syncInfo(
  ctx: AppContext,
  now: number = Date.now(),
  cemiterio: string | null = null,
): Promise<SyncInfo> {
  const cache = ctx.syncInfo;
  if (cemiterio !== null) {
    const byCemetery = cache.cemeteries ?? new Map();
    cache.cemeteries = byCemetery;
    const hit = byCemetery.get(cemiterio);
    if (hit && hit.expires > now) return hit.value;
    const value = measure(ctx, cemiterio);
    const entry = { expires: now + TTL_MS, value };
    byCemetery.set(cemiterio, entry);
    value.catch(() => {
      if (byCemetery.get(cemiterio) === entry) byCemetery.delete(cemiterio);
    });
    return value;
  }
  const hit = cache.current;
  if (hit && hit.expires > now) return hit.value;
  const value = measure(ctx, null);
  const entry = { expires: now + TTL_MS, value };
  cache.current = entry;
  // A failed measure is not kept: the next visitor asks again.
  value.catch(() => {
    if (cache.current === entry) cache.current = null;
  });
  return value;
}
