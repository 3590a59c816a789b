/**
 * Delta sync of the burial register: "what changed after my cursor", in pages.
 *
 * Every write has a position (change_xid, change_seq): the id of the transaction that made it
 * and a sequence number, both stamped by the trigger of migration 0006. A plain sequence is
 * not a safe cursor, because sequence order is not commit order: A takes seq 10, B takes 11
 * and commits first, a reader hands out 11 and moves its cursor past 10 before A commits.
 *
 * So the reader only hands out rows below a horizon H under which every transaction of this
 * database has finished: H is the smallest transaction id still running when the reader looks
 * (pg_current_snapshot's in-progress list), or the next id to be assigned when none is. Why no
 * change is missed:
 *  - a row with change_xid < H was written by a finished transaction: if it committed it is
 *    visible now, if it aborted it never will be; nothing below H can change later;
 *  - any later write (a new transaction, or one still running) has an id >= H, so it sorts
 *    after every row handed out, whatever the clocks or the commit order;
 *  - a record written again moves forward in the stream (new position), so a walk meets each
 *    record once, at its latest position, and a deletion arrives as a tombstone there.
 * Ids never wrap (xid8 is 64-bit). The horizon stays valid once computed (a finished
 * transaction stays finished), so it may be read in one statement and used in the next.
 *
 * Transactions of other databases on the same server cannot write here: they are left out of
 * H when pg_stat_activity names their database (unknown ones count, which only delays). A long
 * transaction of this database delays the rows after it; it never loses them. PGlite runs one
 * statement at a time, so no transaction is ever in progress while the sync reads there.
 *
 * Restored dumps: see sync_state in 0006. Rows "from the future" (an id at or above the next id
 * to be assigned) are moved to the present and the epoch bumped; cursors of another epoch, or
 * from the future, restart from the beginning with `reset: true`.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { SEP_MSG } from '../../../src/domain/burial-messages';
import type { BurialRecord } from '../../../src/domain/burial-types';
import type { SyncAnswer } from '../../../src/domain/sync-types';
import type { AppContext } from '../../context';
import { consume } from '../../lib/consume';
import { badRequest } from '../../lib/http-error';
import { RECORD_FROM, RECORD_SELECT, type RecordRow, toRecord } from '../burials/public';
import { MAX_SEQ, MAX_XID, type Position, START } from './sync-position';

export const SYNC_LIMIT = { default: 500, max: 2000 } as const;

/**
 * When committed rows wait behind a transaction still running, the answer waits this long (in
 * steps) for it before leaving them to the next sync: edits are short, so a sync right after
 * someone's save usually gets it.
 */
const HELD_BACK_WAITS_MS = [20, 50, 100];

/**
 * Past this many public requests in flight the server is under a crowd, and a sync answers at
 * once instead of waiting: on Finados tributes are always being written, so nearly every
 * delta found rows held back and waited its whole bounded wait, holding its slot, for rows the
 * next sync brings anyway (docs/decisions/0046-busy-delta-no-wait.md).
 */
const BUSY_IN_FLIGHT = 8;

interface Cursor extends Position {
  epoch: number;
}

/** "<epoch>.<xid>.<seq>"; absent or "" is the beginning; anything else is a 400. */
function parseCursor(text: string | undefined): Cursor | null {
  if (text === undefined || text === '') return null;
  const [, epoch, xid, seq] = /^(\d{1,9})\.(\d{1,20})\.(\d{1,19})$/.exec(text) ?? [];
  // Checked here: a number PostgreSQL cannot cast would be a 500 there.
  if (!epoch || !xid || !seq || BigInt(xid) > MAX_XID || BigInt(seq) > MAX_SEQ) {
    throw badRequest(SEP_MSG.syncCursorInvalid, 'since');
  }
  return { epoch: Number(epoch), xid: BigInt(xid).toString(), seq: BigInt(seq).toString() };
}

function formatCursor(epoch: number, at: Position): string {
  return `${epoch}.${at.xid}.${at.seq}`;
}

// `future`: the newest row was written by an id this server has not assigned yet — only a
// dump restored into a younger cluster does that (a visible row's writer committed, so its id
// is below the snapshot's xmax). Same statement as xmax, so the same snapshot.
const HORIZON_SQL = `
SELECT pg_snapshot_xmax(snap)::text AS xmax,
  coalesce((SELECT min(x) FROM pg_snapshot_xip(snap) AS x
    WHERE NOT EXISTS (SELECT 1 FROM pg_stat_activity a
      WHERE a.backend_xid = xid(x) AND a.datname <> current_database())),
    pg_snapshot_xmax(snap))::text AS horizon,
  (SELECT epoch FROM sync_state) AS epoch,
  coalesce((SELECT change_xid FROM sepultados ORDER BY change_xid DESC, change_seq DESC LIMIT 1)
    >= pg_snapshot_xmax(snap), false) AS future
FROM pg_current_snapshot() AS snap`;

// A touch (change_seq = -1) gives the rows this transaction's id and new sequence numbers
// without counting as an edit; one statement, so the epoch moves only with the rows.
const HEAL_SQL = `
WITH healed AS (
  UPDATE sepultados SET change_seq = -1
  WHERE change_xid >= pg_snapshot_xmax(pg_current_snapshot()) RETURNING 1
)
UPDATE sync_state SET epoch = epoch + 1 WHERE EXISTS (SELECT 1 FROM healed)`;

// The public record (burials-projection.ts), with its stream position, in stream order.
const PAGE_SQL = `
SELECT ${RECORD_SELECT}, s.deleted_at IS NOT NULL AS deleted,
  s.change_xid::text AS xid, s.change_seq::text AS seq
FROM ${RECORD_FROM}
WHERE (s.change_xid, s.change_seq) > ($1::xid8, $2::bigint) AND s.change_xid < $3::xid8
ORDER BY s.change_xid, s.change_seq
LIMIT $4`;

const HELD_BACK_SQL = `
SELECT EXISTS (SELECT 1 FROM sepultados
  WHERE change_xid >= $1::xid8 AND (change_xid, change_seq) > ($2::xid8, $3::bigint)) AS held`;

/**
 * When a page ends short of the horizon because committed rows wait behind a transaction still
 * running, waits the attempt's step (HELD_BACK_WAITS_MS) and answers true: the caller reads the
 * page again. False once the steps are spent or nothing is held back.
 */
export async function waitedForHeldBack(
  ctx: AppContext,
  attempt: number,
  horizon: string,
  at: Position,
): Promise<boolean> {
  const wait = HELD_BACK_WAITS_MS[attempt];
  if (wait === undefined || ctx.admission.current('public') > BUSY_IN_FLIGHT) return false;
  const [held] = await ctx.database.sql.query<{ held: boolean }>(HELD_BACK_SQL, [
    horizon,
    at.xid,
    at.seq,
  ]);
  if (!held?.held) return false;
  await sleep(wait);
  return true;
}

export interface Horizon {
  xmax: string;
  horizon: string;
  epoch: number;
}

interface PageRow extends RecordRow {
  deleted: boolean;
  xid: string;
  seq: string;
}

export async function readHorizon(ctx: AppContext): Promise<Horizon> {
  const run = () =>
    ctx.database.sql.query<Horizon & { future: boolean }>(HORIZON_SQL).then((rows) => rows[0]);
  let h = await run();
  if (h?.future) {
    await ctx.database.sql.exec(HEAL_SQL);
    h = await run();
  }
  if (!h) throw new Error('sync horizon: no row');
  return { xmax: h.xmax, horizon: h.horizon, epoch: Number(h.epoch) };
}

/** One page of changes after `since` (see the header for what the cursor guarantees). */
export async function syncBurials(
  ctx: AppContext,
  options: { since?: string | undefined; limit: number },
): Promise<SyncAnswer> {
  const cursor = parseCursor(options.since);
  const limit = Math.min(Math.max(1, options.limit), SYNC_LIMIT.max);
  for (let attempt = 0; ; attempt += 1) {
    const h = await readHorizon(ctx);
    const reset =
      cursor !== null && (cursor.epoch !== h.epoch || BigInt(cursor.xid) >= BigInt(h.xmax));
    const from = cursor !== null && !reset ? cursor : START;
    const rows = await ctx.database.sql.query<PageRow>(PAGE_SQL, [
      from.xid,
      from.seq,
      h.horizon,
      limit + 1,
    ]);
    const hasMore = rows.length > limit;
    if (hasMore) rows.length = limit;
    const last = rows.at(-1);
    const at: Position = last ? { xid: last.xid, seq: last.seq } : from;

    if (!hasMore && (await waitedForHeldBack(ctx, attempt, h.horizon, at))) continue;
    const changed: BurialRecord[] = [];
    const deleted: string[] = [];
    // toRecord adds no concessionários: the sync is public. Each row is dropped once read.
    for (const r of consume<PageRow>(rows)) {
      if (r.deleted) deleted.push(r.id);
      else changed.push(toRecord(r));
    }
    return {
      changed,
      deleted,
      cursor: formatCursor(h.epoch, at),
      hasMore,
      reset,
    };
  }
}

/**
 * Weak ETag of an answer. Enough to tell answers apart: rows below the horizon only ever leave
 * their position (a rewrite moves them forward), so for one URL the same cursor, count and
 * flags mean the same rows with the same content.
 */
export function syncEtag(answer: SyncAnswer): string {
  const count = answer.changed.length + answer.deleted.length;
  return `W/"${answer.cursor}-${count}-${answer.hasMore ? 1 : 0}${answer.reset ? 1 : 0}"`;
}
