/**
 * "Cópias de segurança" in Chromium against the real server with BACKUP_DIR set: from the
 * dashboard's tools, the admin makes a backup now, sees it run and finish, and downloads it;
 * the download is a complete archive (its manifest checks).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../../scripts/server-process';
import { readManifest, verifyMembers } from '../../server/modules/backups/manifest';
import {
  ADMIN,
  launchBrowser,
  logIn,
  newPhoneContext,
  screenshot,
  startAppServer,
} from './harness';

describe('backups: the admin makes one and downloads it', () => {
  let server: ServerProcess;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'memorial-e2e-copias-'));

  beforeAll(async () => {
    server = await startAppServer({ env: { BACKUP_DIR: backupDir, BACKUP_KEEP: '3' } });
    browser = await launchBrowser();
    context = await newPhoneContext(browser, server.url);
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    fs.rmSync(backupDir, { recursive: true, force: true });
  });

  it('makes a backup now, shows it finished and downloads a complete archive', async () => {
    await logIn(page, ADMIN);
    await page.goto('/sepultados/meumemorial');
    await page.getByRole('link', { name: 'Cópias de segurança' }).click();
    await page.getByRole('heading', { name: 'Cópias de segurança', level: 1 }).waitFor();
    await page.getByText('Nenhuma cópia ainda.').waitFor();
    await page.getByRole('button', { name: 'Fazer uma cópia agora' }).click();
    await page.getByText(/Última cópia concluída em/).waitFor({ timeout: 60_000 });
    await screenshot(page, 'backups-done');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /Baixar a cópia de/ }).click(),
    ]);
    const file = path.join(backupDir, 'baixada.tar');
    await download.saveAs(file);
    const verified = await readManifest(file);
    expect(verified.manifest.engine).toBe('pglite');
    expect(verified.manifest.tables.users).toBe(1);
    await verifyMembers(file, verified, async () => null);
  }, 120_000);
});
