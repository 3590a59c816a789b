/** The person's actions on an item, each followed by a drain so the result shows at once. */
import { db } from '../db';
import { discardItem, resolveConflict, retryItem } from './outbox-queue';
import { requestDrainSoon } from './outbox-runner-lazy';

export async function retryNow(id: string): Promise<void> {
  await retryItem(db, id);
  requestDrainSoon();
}

export function discard(id: string): Promise<boolean> {
  return discardItem(db, id);
}

/** false: nothing was left to send (every field kept as the record has it now). */
export async function resolve(id: string, keepMine: ReadonlySet<string>): Promise<boolean> {
  const left = await resolveConflict(db, id, keepMine);
  if (left) requestDrainSoon();
  return left;
}
