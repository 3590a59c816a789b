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
import { encodePackRecords, type PackRecord } from '../../../src/domain/pack-format';
import type { PackAnswer } from '../../../src/domain/sync-types';
import type { AppContext } from '../../context';
import { consume } from '../../lib/consume';
import { cardPhoto } from '../burials/public';
import { getPlan } from '../map/public';
import { PACK_LIMIT, parsePackCursor } from './pack-cursor';
import { readHorizon, waitedForHeldBack } from './sync';
import { type Position, START } from './sync-position';

/** A page of records, read from `rows` (a subquery of PACK_COLUMNS in stream order). */
const pageOf = (rows: string) => `
SELECT s.id, s.nome, s.rua, s.quadra, s.chapa, to_char(s.dt_fal, 'YYYY-MM-DD') AS dt_fal,
  s.latitude, s.longitude, f.file, f.thumb,
  -- Live tributes (the partial index comentarios_page_idx answers it); a tribute added or
  -- removed touches its record (tributes-write.ts), so the count travels with the delta sync.
  (SELECT count(*) FROM comentarios c
    WHERE c.sepultado_id = s.id AND c.deleted_at IS NULL)::int AS homenagens,
  (s.deleted_at IS NOT NULL OR ($5::text IS NOT NULL AND s.cemiterio_id <> $5::text)) AS gone,
  s.change_xid::text AS xid, s.change_seq::text AS seq
FROM (${rows}) AS s
${cardPhoto('s')}
ORDER BY s.change_xid, s.change_seq
LIMIT $4`;

const PACK_COLUMNS =
  's.id, s.nome, s.rua, s.quadra, s.chapa, s.dt_fal, s.latitude, s.longitude, s.deleted_at, s.cemiterio_id, s.change_xid, s.change_seq';

// The whole register ($5 null): the rows after the cursor $1/$2 and before the horizon $3,
// tombstones only from the walk's start S ($6) on.
const REGISTER_SQL = pageOf(`
  SELECT ${PACK_COLUMNS} FROM sepultados s
  WHERE (s.change_xid, s.change_seq) > ($1::xid8, $2::bigint) AND s.change_xid < $3::xid8
    AND (s.change_xid >= $6::xid8 OR s.deleted_at IS NULL)
  ORDER BY s.change_xid, s.change_seq LIMIT $4`);

// One cemetery $5, the header's two kinds of rows read apart, each by its own index:
//  - below the walk's start S, the cemetery's live records (sepultados_pack_idx, migration
//    0019): after the cursor $1/$2 and before $6 (the lesser of S and the horizon);
//  - from S on, every row after $7/$8 (the cursor, or S itself when the cursor is below it)
//    and before the horizon $3, from the stream's index: tombstones and records moved away too.
// The two sets are disjoint (below S / from S on) and together are the rows the header names.
// The first is written as a range of the index's rows, from (cemetery, cursor) to (cemetery,
// $6), in the index's "C" collation: so the btree starts at the cursor, and no other index can
// answer it. Forms that planned badly at 2,000,000 records, each as slow as reading the
// whole stream for a small cemetery: `cemiterio_id = $5` with the cursor as (xid, seq)
// (after a bulk load, one
// transaction id for a million rows, the planner guessed one row and read the stream's index);
// that equality beside the three-column row (the btree started at the cemetery's first entry
// and stepped to the cursor, long at Vila Formosa's last pages); and this range in the
// default collation (after a fresh ANALYZE the planner read the plain cemiterio_id btree and
// sorted the cemetery's records).
const CEMETERY_SQL = pageOf(`
  (SELECT ${PACK_COLUMNS} FROM sepultados s
   WHERE (s.cemiterio_id COLLATE "C", s.change_xid, s.change_seq)
       > ($5::text COLLATE "C", $1::xid8, $2::bigint)
     AND (s.cemiterio_id COLLATE "C", s.change_xid) < ($5::text COLLATE "C", $6::xid8)
     AND s.deleted_at IS NULL
   ORDER BY s.cemiterio_id COLLATE "C", s.change_xid, s.change_seq LIMIT $4)
  UNION ALL
  (SELECT ${PACK_COLUMNS} FROM sepultados s
   WHERE (s.change_xid, s.change_seq) > ($7::xid8, $8::bigint) AND s.change_xid < $3::xid8
   ORDER BY s.change_xid, s.change_seq LIMIT $4)`);

/** Below any change_seq: (S, this) is the first position of S's transaction. */
const BEFORE_ANY_SEQ = '-9223372036854775808';

/**
 * The statement and parameters of one page (see REGISTER_SQL and CEMETERY_SQL); exported for
 * the plan test (tests/api/sync-pack-plan.test.ts).
 */
export function pageStatement(
  walk: Position & { start: string },
  horizon: string,
  limit: number,
  cemiterio: string | undefined,
): { text: string; params: unknown[] } {
  const common = [walk.xid, walk.seq, horizon, limit, cemiterio ?? null];
  if (!cemiterio) return { text: REGISTER_SQL, params: [...common, walk.start] };
  const start = BigInt(walk.start);
  const below = BigInt(horizon) < start ? horizon : walk.start;
  const from = BigInt(walk.xid) >= start ? [walk.xid, walk.seq] : [walk.start, BEFORE_ANY_SEQ];
  return { text: CEMETERY_SQL, params: [...common, below, ...from] };
}

interface PackRow {
  id: string;
  nome: string;
  rua: string | null;
  quadra: string;
  chapa: string;
  dt_fal: string | null;
  latitude: number | null;
  longitude: number | null;
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
  latitude: r.latitude,
  longitude: r.longitude,
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
    const page = pageStatement(walk, h.horizon, limit + 1, options.cemiterio);
    const rows = await ctx.database.sql.query<PackRow>(page.text, page.params);
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
