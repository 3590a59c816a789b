/**
 * The device store's door for the app shell: warming the store's code before a page needs it,
 * whether the database exists yet, and keeping lazily loaded code for use without signal.
 */
export { databaseExists, loadLazyAssets } from './device-code';
export { noWorkerWillCome } from './device-open';
export { loadStoreCode } from './store-code';
