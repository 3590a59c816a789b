import os from 'node:os';
import { defineConfig } from 'vitest/config';

// Three projects: unit (pure code, fake-indexeddb), api (Fastify inject on a real database),
// e2e (the built app in Debian's Chromium against a started server).
export default defineConfig({
  test: {
    // One file per core, at least two. Vitest's own default is one fewer than the cores — a
    // single worker on a 2-core machine, where an API file waits on PostgreSQL and an e2e file
    // on its server and Chromium much of the time.
    maxWorkers: Math.max(2, os.availableParallelism()),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['tests/unit/setup.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          // One migrated database per run, copied by each file (tests/api/global-setup.ts).
          globalSetup: ['tests/api/global-setup.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // Files share their worker's modules: each file still builds its own app on its own
          // database (tests/api/helpers.ts startApp), and what stays module-wide is the
          // server's code, PGlite's compiled WebAssembly and the migrated image. Isolating every
          // file re-imported all of it: on 12 files, 165 s isolated against 74 s shared.
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Files side by side (each has its own server, port, DATA_DIR and Chromium): the
          // suite's time nearly halves on two cores. What made them fail together was the
          // product's and the tests' own (a picker closing when the page moved under a still
          // mouse, a heading replaced while scrolled to), not their sharing the machine.
          fileParallelism: true,
          // Its own group: a project with another worker count may not share one (vitest).
          sequence: { groupOrder: 1 },
          pool: 'forks',
        },
      },
    ],
  },
});
