/**
 * The public search under load (issue 6), for a server holding `npm run seed -- --count
 * 100000`: GET /api/sepultados/pesquisa (page of 50 with total) and ?suggestions=true over
 * queries derived from graves on the server (search-queries.ts), and in the same run the
 * previous system's unindexed substring scan over the same data (search-baseline.ts).
 *
 * Two figures per target: latency with one client at a time (what one family waits; p50/p99
 * over every query of the list, repeated for the duration), and throughput with the run's
 * connections (autocannon). The speed-up compares the one-client latencies.
 */
import { httpGet } from '../lib/http-get';
import { type LoadResult, runLoad } from '../lib/load';
import type { Row } from '../lib/report';
import type { BenchContext } from '../lib/types';
import { type Baseline, pgliteBaseline, postgresBaseline } from './search-baseline';
import { sampleGraves, searchQueries, suggestionQueries } from './search-queries';

export interface SearchBenchContext extends BenchContext {
  /** The server's DATABASE_URL (PostgreSQL): the baseline runs on that database. */
  databaseUrl?: string | null;
  /** The seed's --seed (default 1), to rebuild the register for the PGlite baseline. */
  seed?: number;
}

interface Latency {
  p50: number;
  p99: number;
  rps: number;
  samples: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Runs fn over the inputs round after round until the time is up (at least one round). */
async function sequential(
  inputs: string[],
  seconds: number,
  fn: (input: string) => Promise<void>,
): Promise<Latency> {
  const times: number[] = [];
  const started = performance.now();
  do {
    for (const input of inputs) {
      const t0 = performance.now();
      await fn(input);
      times.push(performance.now() - t0);
    }
  } while (performance.now() - started < seconds * 1000);
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    rps: times.length / elapsed,
    samples: times.length,
  };
}

/** Failures are figures too (PGlite answers one query at a time): said, not thrown. */
function loadNote(r: LoadResult): string {
  const bad = r.non2xx + r.errors;
  return bad === 0 ? 'autocannon' : `autocannon; ${r.non2xx} não-2xx, ${r.errors} erros/timeouts`;
}

const url = (q: string, suggestions: boolean) =>
  `/api/sepultados/pesquisa?q=${encodeURIComponent(q)}${suggestions ? '&suggestions=true' : ''}`;

/** The whole answer, decoded (bench/lib/http-get.ts says why this is not fetch()). */
async function fetchOk(base: string, path: string): Promise<void> {
  JSON.parse((await httpGet(base + path)).toString('utf8'));
}

export async function searchScenario(ctx: SearchBenchContext): Promise<Row[]> {
  const base = ctx.server.url;
  const graves = await sampleGraves(base);
  if (graves.length < 50) {
    // A row that says why, rather than failing the other scenarios of the run.
    const note = `só ${graves.length} sepultados no servidor: semeie antes (npm run seed -- --count 100000)`;
    return [{ scenario: 'search', engine: ctx.engine, target: 'GET /pesquisa', note }];
  }
  const searches = searchQueries(graves);
  const suggestions = suggestionQueries(graves);
  const seconds = ctx.load.durationSeconds ?? 10;
  const data = `${ctx.seedCount || 'semente desconhecida'} registros`;

  // Warm-up: plans, caches and the JIT, so neither side pays first-query costs in the figures.
  for (const q of [...searches, ...suggestions]) await fetchOk(base, url(q, false));

  const search1 = await sequential(searches, seconds, (q) => fetchOk(base, url(q, false)));
  const suggest1 = await sequential(suggestions, seconds, (q) => fetchOk(base, url(q, true)));
  const searchN = await runLoad(base, { ...ctx.load, paths: searches.map((q) => url(q, false)) });
  const suggestN = await runLoad(base, {
    ...ctx.load,
    paths: suggestions.map((q) => url(q, true)),
  });
  // PostgreSQL without its URL (not passed by the runner): the in-process copy, and the note
  // says so, since the baseline then runs on the other engine.
  const baseline: Baseline =
    ctx.engine === 'postgres' && ctx.databaseUrl
      ? await postgresBaseline(ctx.databaseUrl)
      : await pgliteBaseline(ctx.seedCount || graves.length, ctx.seed ?? 1);
  let old: Latency;
  let found = 0;
  try {
    for (const q of searches.slice(0, 5)) found += await baseline.run(q); // warm-up
    old = await sequential(searches, seconds, async (q) => {
      await baseline.run(q);
    });
  } finally {
    await baseline.close();
  }

  const conn = `${ctx.load.connections ?? 50} conexões`;
  const one = (l: Latency) => ({ rps: l.rps, p50: l.p50, p99: l.p99 });
  const times = (a: number, b: number) => `${(a / Math.max(b, 0.001)).toFixed(1)}×`;
  return [
    {
      scenario: 'search',
      engine: ctx.engine,
      target: 'baseline: substring sem índice (1 cliente)',
      ...one(old),
      note: `${baseline.where}; ${searches.length} consultas, ${old.samples} medidas; ${found > 0 ? 'acha os nomes' : 'NÃO achou os nomes: dados diferentes?'}`,
    },
    {
      scenario: 'search',
      engine: ctx.engine,
      target: 'GET /pesquisa?q (1 cliente)',
      ...one(search1),
      ratio: `${times(old.p50, search1.p50)} p50, ${times(old.p99, search1.p99)} p99 vs baseline`,
      note: `${data}; ${searches.length} consultas, ${search1.samples} medidas, com HTTP`,
    },
    {
      scenario: 'search',
      engine: ctx.engine,
      target: `GET /pesquisa?q (${conn})`,
      rps: searchN.rps,
      p50: searchN.p50,
      p99: searchN.p99,
      note: loadNote(searchN),
    },
    {
      scenario: 'search',
      engine: ctx.engine,
      target: 'GET /pesquisa?suggestions (1 cliente)',
      ...one(suggest1),
      ratio: `${times(old.p50, suggest1.p50)} p50 vs baseline`,
      note: `${suggestions.length} prefixos digitados, ${suggest1.samples} medidas`,
    },
    {
      scenario: 'search',
      engine: ctx.engine,
      target: `GET /pesquisa?suggestions (${conn})`,
      rps: suggestN.rps,
      p50: suggestN.p50,
      p99: suggestN.p99,
      note: loadNote(suggestN),
    },
  ];
}
