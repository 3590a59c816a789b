/**
 * Starts loading the device store's code (Dexie and the store: the "data" chunk) without
 * using it. The app's route table calls this before a layout page's own import, so the chunk
 * is evaluated in a task of its own when it arrives rather than inside the page's, which made
 * one long task on a cheap phone (docs/decisions.md, "The device store evaluated apart").
 * A failure (no signal, no cached copy) is the page import's to report, not this one's.
 */
export function loadStoreCode(): void {
  import('../db').catch(() => undefined);
}
