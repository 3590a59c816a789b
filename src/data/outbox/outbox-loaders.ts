/** The outbox's parts loaded on demand (they bring Dexie, which /login's first load does without). */
/** The count of unsent writes and the warning built from it, loaded when someone logs out. */
export const loadUnsentCount = () => import('./unsent-count');
/** The page's outbox sender, loaded once someone is logged in. */
export const loadOutboxRunner = () => import('./outbox-runner');
