/**
 * Runs inside Chromium for bench/scenarios/pack-scale.ts, on a page of the server under test
 * (so /api is the same origin): the app's own pack walk (src/data/pack-store/pack-walk.ts) and
 * offline search over the packs (pack-search.ts) on a database of its own, exposed on globalThis.
 */
import { MemorialDb } from '../src/data/db';
import { pageStore } from '../src/data/pack-store/pack-rows';
import { searchPacks } from '../src/data/pack-store/pack-search';
import { type PackFetcher, removePack, walkPack } from '../src/data/pack-store/pack-walk';
import { packRecordAt } from '../src/domain/pack-format';
import { parseQuery, SEARCH_LIMITS } from '../src/domain/search-query';
import type { PackAnswer } from '../src/domain/sync-types';

const db = new MemorialDb('memorial-pack-bench');

// The page's origin (this file is type-checked without the DOM library).
const ORIGIN = (globalThis as unknown as { location: { href: string } }).location.href;

/** The app's fetcher without its client (ky, session): plain fetch, bytes from resource timing. */
const fetchPage: PackFetcher = async (pack, since, limit, signal) => {
  const q = new URLSearchParams({ limit: String(limit), cemiterio: pack });
  if (since) q.set('since', since);
  const url = new URL(`/api/sync/pack?${q}`, ORIGIN).toString();
  const res = await fetch(url, signal ? { signal } : {});
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  const text = await res.text();
  const entry = performance.getEntriesByName(url).at(-1) as
    | { encodedBodySize?: number }
    | undefined;
  return { answer: JSON.parse(text) as PackAnswer, bytes: entry?.encodedBodySize || text.length };
};

async function install(pack: string, nome: string) {
  const t0 = performance.now();
  let fetchMs = 0;
  let applyMs = 0;
  const result = await walkPack(db, pack, {
    nome,
    fetchPage,
    onPage: (p) => {
      fetchMs += p.fetchMs;
      applyMs += p.applyMs;
    },
  });
  // The index build's phases (pack-index-build.ts marks), in ms from the install's start.
  const phases = performance
    .getEntriesByType('mark')
    .filter((m) => m.name.startsWith('pack-index:') && m.startTime >= t0)
    .map((m) => [m.name.slice('pack-index:'.length), m.startTime - t0] as [string, number]);
  performance.clearMarks();
  return { ms: performance.now() - t0, fetchMs, applyMs, phases, ...result };
}

/** `count` records spread over the pack (for the query lists). */
async function sample(pack: string, count: number) {
  const meta = await db.packs.get(pack);
  const store = meta ? pageStore(meta) : pack;
  const pages = await db.packPages
    .where('[pack+first]')
    .between([store, 0], [store, 1e12])
    .toArray();
  const out = [];
  const step = Math.max(1, Math.floor((meta?.next ?? 0) / count));
  for (let o = 0; o < (meta?.next ?? 0) && out.length < count; o += step) {
    const page = pages.filter((p) => p.first <= o).at(-1);
    if (page) out.push(packRecordAt(page, o - page.first));
  }
  return out;
}

/** Milliseconds per call: the first call (cold caches) and `rounds` rounds after a warm-up. */
async function time(queries: string[], rounds: number, kind: 'search' | 'suggest') {
  const limit = kind === 'search' ? SEARCH_LIMITS.defaultLimit : SEARCH_LIMITS.suggestions;
  const run = (q: string) => searchPacks(db, parseQuery(q), limit).then((r) => r.total);
  const c0 = performance.now();
  await run(queries[0] ?? 'maria');
  const coldMs = performance.now() - c0;
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
  return { samples, found, coldMs };
}

async function packs() {
  return (await db.packs.toArray()).map((m) => ({ id: m.id, records: m.records, bytes: m.bytes }));
}

Object.assign(globalThis, {
  packBench: { install, sample, time, packs, remove: (p: string) => removePack(db, p) },
});
