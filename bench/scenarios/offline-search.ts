/**
 * The offline search in Chromium as rows of the bench report: the app's own device search
 * (searchDevice: 50 cards + total) and suggestions (suggestDevice: 8) over one cemetery's visit
 * pack (the pack store: compact pages + token index) of the seed generator's records, installed
 * by the app's own pack walk (bench/offline-search-chromium.ts does the work). No server: it runs
 * once per bench, not per engine. Beside each figure, the baseline issue #17 measured for the
 * search this replaced (Dexie rows, one indexed row per record, same records and queries).
 * p95 goes into the note (the table has p50 and p99).
 */

import type { Row } from '../lib/report';
import { runOfflineSearch } from '../offline-search-chromium';

export interface OfflineScenarioOptions {
  count: number;
  rounds: number;
  /** A Chromium profile kept between runs (with the pack installed); fresh when absent. */
  profile?: string;
}

const TARGETS = {
  search: 'searchDevice over the pack (50 + total, 1 call at a time)',
  suggest: 'suggestDevice over the pack (8 suggestions, 1 call at a time)',
} as const;

/**
 * Issue #17's figures for the Dexie-rows search (searchOffline) at 100,000 records, and the
 * suggestions of the same run (bench/RESULTS.md, 2026-11-22): median / p95 / p99 in ms.
 */
const BASELINE = {
  search: { p50: 9, p95: 110, p99: 336 },
  suggest: { p50: 14, p95: 91.1, p99: 102.1 },
} as const;

export async function offlineSearchScenario(options: OfflineScenarioOptions): Promise<Row[]> {
  const run = await runOfflineSearch(options);
  const fill =
    run.fillMs > 0
      ? `pack installed in ${(run.fillMs / 1000).toFixed(1)} s (index ${(run.indexMs / 1000).toFixed(1)} s)`
      : 'perfil mantido';
  return run.figures.map((f) => {
    const b = BASELINE[f.kind];
    return {
      scenario: 'offline-search',
      engine: `Chromium ${run.chromium} (pack per cemetery)`,
      target: TARGETS[f.kind],
      p50: f.p50,
      p99: f.p99,
      ratio: f.kind === 'search' ? `median ${f.p50 < 30 ? '<' : '≥'} 30 ms` : '',
      note:
        `p95 ${f.p95.toFixed(1)} ms; before (Dexie rows): median ${b.p50} / p95 ${b.p95} / p99 ${b.p99} ms; ` +
        `${run.count} records in one pack (${fill}); ` +
        `${f.calls} calls (${run.rounds} rounds), with a result ${f.found}/${f.calls}`,
    };
  });
}
