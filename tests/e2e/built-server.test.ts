/**
 * Production runs the built server (dist/server/main.js, one bundle made by `npm run build`)
 * with plain Node, not tsx: it starts on an empty DATA_DIR (the migrations are read from beside
 * the bundle), answers the API and the PWA, and every module's routes are in it.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../../scripts/server-process';
import { startAppServer } from './harness';

describe('the built server', () => {
  let server: ServerProcess;

  // A first start on an empty DATA_DIR runs PGlite's initdb and every migration: slow on a
  // loaded machine, so this start gets the whole hook's time.
  beforeAll(async () => {
    server = await startAppServer({ timeoutMs: 280_000 });
  }, 300_000);
  afterAll(() => server?.stop());

  it('runs dist/server/main.js with plain Node', () => {
    const cmdline = fs.readFileSync(`/proc/${server.pid}/cmdline`, 'utf8').split('\0');
    expect(cmdline).toContain(`${process.cwd()}/dist/server/main.js`);
    expect(cmdline.join(' ')).not.toMatch(/tsx/);
  });

  it('migrated an empty database and answers the API and the app', async () => {
    const health = await fetch(`${server.url}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok', db: 'pglite' });
    // The migrations ran: the cemetery list (a later migration's table) answers.
    const cemeteries = await fetch(`${server.url}/api/cemiterios`);
    expect(cemeteries.status).toBe(200);
    const page = await fetch(`${server.url}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
  });

  it('carries every route of the source (its OpenAPI description lists them)', async () => {
    const doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      paths: Record<string, unknown>;
    };
    for (const path of ['/api/sepultados/pesquisa', '/api/sync/pack', '/api/users/login']) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
  });
});
