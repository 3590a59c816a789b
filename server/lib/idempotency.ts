/**
 * The one idempotency rule of the queued writes (the offline outbox sends each item with its id
 * as key, however often it must retry): tribute posts, burial edits, work-order comments and photos,
 * comisso steps.
 *  - One attempt per (kind, author, key) at a time in this process (AppContext.keyLock): a retry
 *    that arrives while the first attempt runs waits for it, then finds its stored result.
 *    Across processes, a unique key written in the write's own transaction decides (the
 *    tribute's (user_id, idempotency_key) column; the edit's edit_idempotency row).
 *  - The same key with the same content answers the first result again, with the header
 *    "Idempotent-Replayed: true".
 *  - The same key with other content is ONE answer for every write: 422 (`keyReused`). The
 *    outbox reused a key by mistake, and answering the first, unrelated result would silently
 *    drop the new one; a 422 puts the item in front of the person (src/domain/outcome.ts).
 */
import type { AppContext } from '../context';
import { type HttpError, unprocessable } from './http-error';

export type IdempotentWrite = 'tribute' | 'edit' | 'order' | 'comisso';

/** Runs fn alone for this author's key (null: no key, no waiting). */
export function withIdempotencyKey<T>(
  ctx: AppContext,
  write: IdempotentWrite,
  userId: string,
  key: string | null,
  fn: () => Promise<T>,
): Promise<T> {
  return ctx.keyLock.run(key === null ? null : `${write}\n${userId}\n${key}`, fn);
}

/** The answer to a key reused with other content (the write's own words and field name). */
export function keyReused(message: string, field: string): HttpError {
  return unprocessable(message, field);
}
