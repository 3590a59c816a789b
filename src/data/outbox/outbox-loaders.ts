/** The outbox's parts loaded on demand (they bring Dexie, which /login's first load does without). */
/** The count of unsent writes and the warning built from it, loaded when someone logs out. */
export const loadUnsentCount = () => import('./unsent-count');
/** What starts the sender when the person has something to send (outbox-watch.ts). */
export const loadOutboxWatch = () => import('./outbox-watch');
