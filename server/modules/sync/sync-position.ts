/**
 * A position in the database's write order (transaction id, then sequence within it), the
 * unit of every sync and pack cursor. Kept apart from sync.ts so that what only needs the
 * cursor's shape (the held pack pages, held by AppContext) does not pull in the context.
 */
export const MAX_XID = 2n ** 64n - 1n;
export const MAX_SEQ = 2n ** 63n - 1n;

export interface Position {
  xid: string;
  seq: string;
}

export const START: Position = { xid: '0', seq: '0' };
