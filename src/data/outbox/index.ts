/**
 * The outbox's door: what screens may ask of the writes waiting on this device. The runner and
 * the count asked before logging out are loaded on demand (they bring Dexie, which the login
 * page's first load does without), so they are handed out as loaders, not re-exported.
 */
export { discard, resolve, retryNow } from './outbox-actions';
export { loadOutboxWatch, loadUnsentCount } from './outbox-loaders';
export { resubmitAfterConflict, type SubmitResult, submit } from './submit';
export {
  useMyOutbox,
  useOutboxItem,
  useRecordNames,
  useRecordOutbox,
  useUnsentCounts,
} from './use-outbox';
