/**
 * The offline search in Chromium ("offline search over 100k records in Chromium
 * (Dexie): median under 30 ms") as rows of the bench report: the app's own searchOffline
 * (50 cards + total) and the suggestions (its first 8, as the app's device search) over the app's IndexedDB database filled with the
 * seed generator's records (bench/offline-search-chromium.ts does the work). No server: it
 * runs once per bench, not per engine. p95 goes into the note (the table has p50 and p99).
 */

import type { Row } from '../lib/report';
import { runOfflineSearch } from '../offline-search-chromium';

export interface OfflineScenarioOptions {
  count: number;
  rounds: number;
  /** A Chromium profile kept between runs (the 100k fill takes minutes); fresh when absent. */
  profile?: string;
}

const TARGETS = {
  search: 'searchOffline (50 + total, 1 chamada por vez)',
  suggest: 'searchOffline, 8 primeiros (sugestões; 1 chamada por vez)',
} as const;

export async function offlineSearchScenario(options: OfflineScenarioOptions): Promise<Row[]> {
  const run = await runOfflineSearch(options);
  const fill =
    run.fillMs > 0 ? `preenchido em ${(run.fillMs / 1000).toFixed(0)} s` : 'perfil mantido';
  return run.figures.map((f) => ({
    scenario: 'offline-search',
    engine: `Chromium ${run.chromium} (Dexie)`,
    target: TARGETS[f.kind],
    p50: f.p50,
    p99: f.p99,
    ratio: f.kind === 'search' ? `mediana ${f.p50 < 30 ? '<' : '≥'} 30 ms` : '',
    note:
      `p95 ${f.p95.toFixed(1)} ms; ${run.count} registros no IndexedDB (${fill}); ` +
      `${f.calls} chamadas (${run.rounds} rodadas), com resultado ${f.found}/${f.calls}`,
  }));
}
