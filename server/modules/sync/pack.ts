/**
 * The visit pack of one cemetery (or of the whole register): GET /api/sync/pack, the delta
 * sync's stream (sync.ts: positions, horizon, epoch; the same guarantees) answered as compact
 * columns (src/domain/pack-format.ts) and narrowed to one cemetery.
 *
 * The cursor adds to sync.ts's "<epoch>.<xid>.<seq>" the walk's start S: the horizon when this
 * copy's first page was read. Every transaction that finished before S wrote rows below S; every
 * write after the first page has an id ≥ S (sync.ts). So, for a row after the cursor:
 *  - below S: its last write was done before the copy began, and no page of this copy can have
 *    carried an older version of it (that version would be at a smaller position, since
 *    rewritten, so the row would sit at ≥ S). Sent only when it is live and in the cemetery;
 *    a tombstone or a record of another cemetery concerns nothing the copy holds: left out.
 *  - at or above S: written while (or after) the copy was made, so an older version may be on
 *    the device: live records of the cemetery are flagged `again` (the device then keeps only the
 *    newest), and tombstones and records now in ANOTHER cemetery become `deleted` — a record moved
 *    away leaves the pack like a deleted one.
 * A delta sync thus costs the city's changes since the cursor (ids only for other cemeteries),
 * and a first download of a cemetery reads the stream once, carrying only its records.
 */
import { SEP_MSG } from '../../../src/domain/burial-messages';
import { encodePackRecords, type PackRecord } from '../../../src/domain/pack-format';
import type { PackAnswer } from '../../../src/domain/sync-types';
import type { AppContext } from '../../context';
import { consume } from '../../lib/consume';
import { badRequest } from '../../lib/http-error';
import { cardPhoto } from '../burials/burials-projection';
import { getPlan } from '../map/plan';
import { MAX_SEQ, MAX_XID, type Position, readHorizon, START, waitedForHeldBack } from './sync';

export const PACK_LIMIT = { default: 2000, max: 5000 } as const;

interface PackCursor extends Position {
  epoch: number;
  start: string;
}

function parsePackCursor(text: string | undefined): PackCursor | null {
  if (text === undefined || text === '') return null;
  const [, epoch, xid, seq, start] =
    /^(\d{1,9})\.(\d{1,20})\.(\d{1,19})\.(\d{1,20})$/.exec(text) ?? [];
  if (
    !epoch ||
    !xid ||
    !seq ||
    !start ||
    BigInt(xid) > MAX_XID ||
    BigInt(seq) > MAX_SEQ ||
    BigInt(start) > MAX_XID
  ) {
    throw badRequest(SEP_MSG.syncCursorInvalid, 'since');
  }
  const big = (s: string) => BigInt(s).toString();
  return { epoch: Number(epoch), xid: big(xid), seq: big(seq), start: big(start) };
}

/**
 * Whether a page after `since` is part of a first download: no cursor yet, or a cursor still
 * below its walk's start S (the rows every copy reads once). After S come the changes made
 * since the copy began — a delta sync, small and answered at once. A malformed cursor: false
 * (packPage refuses it).
 */
export function inFirstDownload(since: string | undefined): boolean {
  try {
    const cursor = parsePackCursor(since);
    return cursor === null || BigInt(cursor.xid) < BigInt(cursor.start);
  } catch {
    return false;
  }
}

// $5: the cemetery (null: the whole register); $6: the walk's start S (see the header).
const PACK_SQL = `
SELECT s.id, s.nome, s.rua, s.quadra, s.chapa, to_char(s.dt_fal, 'YYYY-MM-DD') AS dt_fal,
  f.file, f.thumb,
  -- Live tributes (the partial index comentarios_page_idx answers it); a tribute added or
  -- removed touches its record (tributes-write.ts), so the count travels with the delta sync.
  (SELECT count(*) FROM comentarios c
    WHERE c.sepultado_id = s.id AND c.deleted_at IS NULL)::int AS homenagens,
  (s.deleted_at IS NOT NULL OR ($5::text IS NOT NULL AND s.cemiterio_id <> $5::text)) AS gone,
  s.change_xid::text AS xid, s.change_seq::text AS seq
FROM sepultados s
${cardPhoto('s')}
WHERE (s.change_xid, s.change_seq) > ($1::xid8, $2::bigint) AND s.change_xid < $3::xid8
  AND (s.change_xid >= $6::xid8
    OR (s.deleted_at IS NULL AND ($5::text IS NULL OR s.cemiterio_id = $5::text)))
ORDER BY s.change_xid, s.change_seq
LIMIT $4`;

interface PackRow {
  id: string;
  nome: string;
  rua: string | null;
  quadra: string;
  chapa: string;
  dt_fal: string | null;
  file: string | null;
  thumb: string | null;
  homenagens: number;
  gone: boolean;
  xid: string;
  seq: string;
}

const toPackRecord = (r: PackRow): PackRecord => ({
  id: r.id,
  nome: r.nome,
  rua: r.rua,
  quadra: r.quadra,
  chapa: r.chapa,
  dtFal: r.dt_fal,
  image: r.file,
  thumb: r.thumb,
  homenagens: r.homenagens,
});

/** One compact page of the pack after `since` (see the header). */
export async function packPage(
  ctx: AppContext,
  options: { since?: string | undefined; limit: number; cemiterio?: string | undefined },
): Promise<PackAnswer> {
  const cursor = parsePackCursor(options.since);
  const limit = Math.min(Math.max(1, options.limit), PACK_LIMIT.max);
  for (let attempt = 0; ; attempt += 1) {
    const h = await readHorizon(ctx);
    const reset =
      cursor !== null &&
      (cursor.epoch !== h.epoch ||
        BigInt(cursor.xid) >= BigInt(h.xmax) ||
        BigInt(cursor.start) > BigInt(h.xmax));
    const walk = cursor !== null && !reset ? cursor : { ...START, start: h.horizon };
    const rows = await ctx.database.sql.query<PackRow>(PACK_SQL, [
      walk.xid,
      walk.seq,
      h.horizon,
      limit + 1,
      options.cemiterio ?? null,
      walk.start,
    ]);
    const hasMore = rows.length > limit;
    if (hasMore) rows.length = limit;
    const last = rows.at(-1);
    const at: Position = last ? { xid: last.xid, seq: last.seq } : walk;

    if (!hasMore && (await waitedForHeldBack(ctx, attempt, h.horizon, at))) continue;
    const start = BigInt(walk.start);
    const deleted: string[] = [];
    const again: number[] = [];
    // Rows go into the columns one by one and are dropped as they go (lib/consume.ts).
    function* live(): Generator<PackRecord> {
      let i = 0;
      for (const r of consume<PackRow>(rows)) {
        if (r.gone) {
          deleted.push(r.id);
          continue;
        }
        if (BigInt(r.xid) >= start) again.push(i);
        i += 1;
        yield toPackRecord(r);
      }
    }
    const columns = encodePackRecords(live());
    return {
      cursor: `${h.epoch}.${at.xid}.${at.seq}.${walk.start}`,
      hasMore,
      reset,
      deleted,
      again,
      ...columns,
      // The plan as of the end of the walk (read after the rows: a plan saved meanwhile shows
      // now or in the next delta, never lost).
      ...(options.cemiterio && !hasMore ? { plano: await getPlan(ctx, options.cemiterio) } : {}),
    };
  }
}

/**
 * Weak ETag of a pack answer (same reasoning as sync.ts syncEtag), plus the plan's stamp on a
 * last page: a plan saved with no record written since keeps the cursor but changes the tag,
 * so the browser's revalidation does not answer the old plan from its cache.
 */
export function packEtag(answer: PackAnswer): string {
  const count = answer.nomes.length + answer.deleted.length;
  const plan =
    answer.plano === undefined ? '' : `-${answer.plano ? Date.parse(answer.plano.updatedAt) : 0}`;
  return `W/"p${answer.cursor}-${count}-${answer.hasMore ? 1 : 0}${answer.reset ? 1 : 0}${plan}"`;
}
