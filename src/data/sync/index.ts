/**
 * The sync engine's door: started by the app shell once the device has a database (the engine
 * itself is loaded on demand; src/data/sync/auto-sync.ts says when it syncs).
 */
export { loadAutoSync } from './sync-loaders';
