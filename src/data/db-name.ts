/** The IndexedDB database's name, on its own so code can test for it without loading Dexie. */
export const DB_NAME = 'memorial';
