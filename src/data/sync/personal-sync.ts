/**
 * What the logged-in person keeps offline beside the visit packs, asked with every pack
 * download and delta sync: the records they may edit (mine-sync.ts) and, for whoever works
 * orders, the crew's day (GET /api/ordens/hoje with its ETag: a day without change costs a
 * 304). The day's code is loaded only for them. Failures are silent: the stored copies stay.
 */
import { canEver } from '../../domain/permissions';
import type { MemorialDb } from '../db';
import { readAuth } from '../session-storage';
import { syncMine } from './mine-sync';

export async function syncPersonal(db: MemorialDb): Promise<void> {
  await syncMine(db);
  const auth = readAuth();
  if (!auth || !canEver({ id: auth.userId, role: auth.role }, 'order:work')) return;
  await import('../work-orders/today-sync').then((m) => m.syncToday(db)).catch(() => undefined);
}
