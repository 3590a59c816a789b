/**
 * GET /api/sync/info: the size of a visit pack before a visitor starts it. Counted
 * and sampled, not summed: the record bytes are a gzip'd sample page of the sync answer times
 * the count, the thumbnail bytes the mean size of up to THUMB_SAMPLE files times the count.
 * One answer per process for TTL_MS (a phone deciding whether to download does not need the
 * last record, and 100k stats per visit would not be cheap).
 */
import fs from 'node:fs/promises';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { SyncInfo } from '../../../src/domain/sync-types';
import type { AppContext } from '../../context';
import { imagePath } from '../../lib/images';
import { syncBurials } from './sync';

const TTL_MS = 60_000;
const RECORD_SAMPLE = 500;
const THUMB_SAMPLE = 200;
const gzip = promisify(zlib.gzip);

// The pack's thumbnail per record: the first photo's.
const THUMBS_SQL = `
SELECT count(*)::int AS n FROM sepultados s
WHERE s.deleted_at IS NULL AND EXISTS (SELECT 1 FROM sepultado_fotos f WHERE f.sepultado_id = s.id)`;

const THUMB_SAMPLE_SQL = `
SELECT DISTINCT ON (f.sepultado_id) f.thumb FROM sepultado_fotos f
JOIN sepultados s ON s.id = f.sepultado_id AND s.deleted_at IS NULL
ORDER BY f.sepultado_id, f.position LIMIT $1`;

async function measure(ctx: AppContext): Promise<SyncInfo> {
  const sql = ctx.database.sql;
  const [live] = await sql.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM sepultados WHERE deleted_at IS NULL',
  );
  const records = Number(live?.n ?? 0);
  const sample = await syncBurials(ctx, { limit: RECORD_SAMPLE });
  const perRecord =
    sample.changed.length > 0
      ? (await gzip(JSON.stringify(sample.changed))).length / sample.changed.length
      : 0;

  const [withPhoto] = await sql.query<{ n: number }>(THUMBS_SQL);
  const thumbs = Number(withPhoto?.n ?? 0);
  const files = await sql.query<{ thumb: string }>(THUMB_SAMPLE_SQL, [THUMB_SAMPLE]);
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

export function syncInfo(ctx: AppContext, now: number = Date.now()): Promise<SyncInfo> {
  const cache = ctx.syncInfo;
  const hit = cache.current;
  if (hit && hit.expires > now) return hit.value;
  const value = measure(ctx);
  const entry = { expires: now + TTL_MS, value };
  cache.current = entry;
  // A failed measure is not kept: the next visitor asks again.
  value.catch(() => {
    if (cache.current === entry) cache.current = null;
  });
  return value;
}
