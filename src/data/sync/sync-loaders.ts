/** The sync engine, loaded on demand: it brings Dexie, which a first visit does without. */
export const loadAutoSync = () => import('./auto-sync');
