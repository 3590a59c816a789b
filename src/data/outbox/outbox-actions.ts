/** The person's actions on an item, each followed by a drain so the result shows at once. */
import { openDevice } from '../device/device-open';
import { discardItem, resolveConflict, retryItem } from './outbox-queue';
import { requestDrainSoon } from './outbox-runner-lazy';

export async function retryNow(id: string): Promise<void> {
  const { db } = await openDevice();
  await retryItem(db, id);
  requestDrainSoon();
}

export async function discard(id: string): Promise<boolean> {
  const { db } = await openDevice();
  return discardItem(db, id);
}

/** false: nothing was left to send (every field kept as the record has it now). */
export async function resolve(id: string, keepMine: ReadonlySet<string>): Promise<boolean> {
  const { db } = await openDevice();
  const left = await resolveConflict(db, id, keepMine);
  if (left) requestDrainSoon();
  return left;
}
