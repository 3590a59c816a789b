/**
 * Runs inside Chromium for bench/offline-search-chromium.ts: the app's own Dexie database and
 * offline search (src/data/search/offline-search.ts), exposed on globalThis for the driver.
 */
import { type LocalBurial, MemorialDb } from '../src/data/db';
import { searchOffline } from '../src/data/search/offline-search';
import { parseQuery, SEARCH_LIMITS } from '../src/domain/search-query';

const db = new MemorialDb('memorial-bench');

async function put(rows: LocalBurial[]): Promise<number> {
  await db.sepultados.bulkPut(rows);
  return db.sepultados.count();
}

/** Milliseconds per call, `rounds` times over every query (after one warm-up round). */
async function time(queries: string[], rounds: number, kind: 'search' | 'suggest') {
  const run = (q: string) =>
    kind === 'search'
      ? searchOffline(db, parseQuery(q), SEARCH_LIMITS.defaultLimit).then((r) => r.total)
      : // Suggestions are the search's first 8 (src/data/search/device-search.ts).
        searchOffline(db, parseQuery(q), SEARCH_LIMITS.suggestions).then((r) => r.cards.length);
  for (const q of queries) await run(q);
  const samples: number[] = [];
  let found = 0;
  for (let round = 0; round < rounds; round++) {
    for (const q of queries) {
      const start = performance.now();
      if ((await run(q)) > 0) found++;
      samples.push(performance.now() - start);
    }
  }
  return { samples, found };
}

async function clear(): Promise<void> {
  await db.sepultados.clear();
}

Object.assign(globalThis, { bench: { put, time, clear, count: () => db.sepultados.count() } });
