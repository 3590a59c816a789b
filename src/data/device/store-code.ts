/**
 * Starts loading the device store's code (Dexie and the store: the "device" chunk) without
 * using it, when the page wants the store at once (device-open.ts: a session, a worker in
 * control, a store on the device; not a visitor's first landing). The app's route table calls
 * this before a layout page's own import, so the chunk is evaluated in a task of its own when
 * it arrives rather than inside the page's, which made one long task on a cheap phone
 * (docs/decisions.md, "The device store evaluated apart"). A failure (no signal, no cached
 * copy) is the page import's to report, not this one's.
 */
import { deviceIfWanted } from './device-open';

export function loadStoreCode(): void {
  deviceIfWanted()?.catch(() => undefined);
}
