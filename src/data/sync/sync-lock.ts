/**
 * Never two syncs at once, across tabs too (named-lock.ts). Background syncs pass
 * `wait: false` and are skipped while another runs (it brings the same changes); the visit
 * pack waits its turn.
 */
import { type Locked, withNamedLock } from '../named-lock';

export type { Locked };

export function withSyncLock<T>(
  fn: () => Promise<T>,
  options: { wait?: boolean } = {},
): Promise<Locked<T>> {
  return withNamedLock('memorial-sync', fn, options);
}
