/**
 * What the logged-in person keeps offline beside the visit packs, asked with every pack
 * download and delta sync: the records they may edit (mine-sync.ts) and, for whoever works
 * orders, the crew's day (GET /api/ordens/hoje with its ETag: a day without change costs a
 * 304) and, for field staff who inspect comisso cases, the graves they inspect with their open
 * cases (../graves/field-graves.ts, ETag too). That code is loaded only for them. Failures are
 * silent: the stored copies stay.
 */
import { canEver } from '../../domain/permissions';
import type { MemorialDb } from '../db';
import { readAuth } from '../session-storage';
import { syncMine } from './mine-sync';

export async function syncPersonal(db: MemorialDb): Promise<void> {
  await syncMine(db);
  const auth = readAuth();
  if (!auth) return;
  const actor = { id: auth.userId, role: auth.role };
  if (canEver(actor, 'order:work')) {
    await import('../work-orders/today-sync').then((m) => m.syncToday(db)).catch(() => undefined);
  }
  // The office reads its cases online; only who inspects without managing keeps them.
  if (canEver(actor, 'comisso:inspect') && !canEver(actor, 'comisso:manage')) {
    await import('../graves/field-graves')
      .then((m) => m.syncFieldGraves(db))
      .catch(() => undefined);
  }
}
