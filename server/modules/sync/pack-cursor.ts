/**
 * The visit pack's cursor and page size: what reading a pack's cursor needs and nothing of
 * the database, so the held pages (pack-held.ts, part of AppContext) can use it without
 * importing the context back.
 */
import { SEP_MSG } from '../../../src/domain/burial-messages';
import { badRequest } from '../../lib/http-error';
import { MAX_SEQ, MAX_XID, type Position } from './sync-position';

export const PACK_LIMIT = { default: 2000, max: 5000 } as const;

interface PackCursor extends Position {
  epoch: number;
  start: string;
}

/** A pack cursor's parts, or null for none; a 400 when malformed. */
export function parsePackCursor(text: string | undefined): PackCursor | null {
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
