/**
 * Runs inside Chromium for bench/offline-search-chromium.ts: the app's own visit-pack store
 * (src/data/pack-store: compact pages and the token index, built by the same walk as a download,
 * pack-walk.ts) and the search the app runs without signal (src/data/search/device-search.ts:
 * searchDevice over the packs plus the records opened online, suggestDevice its first 8),
 * exposed on globalThis for the driver. The pages come from the driver, not a server: what is
 * timed is the device's search, not the download (that is the pack-scale scenario's).
 */
import { MemorialDb } from '../src/data/db';
import { type PackFetcher, removePack, walkPack } from '../src/data/pack-store/pack-walk';
import { searchDevice, suggestDevice } from '../src/data/search/device-search';
import { parseQuery, SEARCH_LIMITS } from '../src/domain/search-query';
import type { PackAnswer } from '../src/domain/sync-types';

const db = new MemorialDb('memorial-bench-pack');
/** The one cemetery of the bench (its pack holds every generated record). */
const PACK = 'b'.repeat(24);

/** Pages handed over by the driver, then walked as the server's stream (cursor = next index). */
const pending: PackAnswer[] = [];

const fetchPage: PackFetcher = async (_pack, since) => {
  const answer = pending[since ? Number(since) : 0];
  if (!answer) throw new Error(`no page after ${since}`);
  return { answer, bytes: 0 };
};

/** Installs the pages handed over as a fresh pack (walk + index), in milliseconds. */
async function install(nome: string) {
  await removePack(db, PACK);
  const t0 = performance.now();
  const walked = await walkPack(db, PACK, { nome, fetchPage });
  pending.length = 0;
  return { ms: performance.now() - t0, indexMs: walked.indexMs, records: await count() };
}

async function count(): Promise<number> {
  const meta = await db.packs.get(PACK);
  return meta?.updatedAt !== undefined && meta.indexed ? meta.records : 0;
}

/** Milliseconds per call, `rounds` times over every query (after one warm-up round). */
async function time(queries: string[], rounds: number, kind: 'search' | 'suggest') {
  const run = (q: string) =>
    kind === 'search'
      ? searchDevice(db, parseQuery(q), SEARCH_LIMITS.defaultLimit).then((r) => r.total)
      : suggestDevice(db, parseQuery(q), SEARCH_LIMITS.suggestions).then((r) => r.length);
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

Object.assign(globalThis, {
  bench: { add: (page: PackAnswer) => void pending.push(page), install, time, count },
});
