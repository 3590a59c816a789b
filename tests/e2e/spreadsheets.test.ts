/**
 * The admin's spreadsheet import in Chromium against the real server: from the dashboard to
 * "Planilhas", a small CSV with one bad row is previewed (the error shows on its cell, nothing
 * written yet), the valid rows are imported, the refused rows' report downloads, and the new
 * records are on the home list and found by the search.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../../scripts/server-process';
import { SEP_MSG } from '../../src/domain/burial-messages';
import {
  ADMIN,
  launchBrowser,
  logIn,
  newPhoneContext,
  screenshot,
  startAppServer,
} from './harness';

const CSV = [
  'Nome;Data de Falecimento;Quadra;Placa;Cemitério',
  'Benedita Aparecida Quintino;05/07/2023;12;0458;Cemitério da Saudade',
  'Linha Errada;31/02/2023;3;10;',
  'Sebastião Ferreira Lopes;2019-10-20;4;22;Cemitério da Saudade',
].join('\r\n');

describe('spreadsheets: preview with per-cell errors, import of the valid rows', () => {
  let server: ServerProcess;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    server = await startAppServer();
    browser = await launchBrowser();
    context = await newPhoneContext(browser, server.url);
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('admin previews, imports the valid rows and downloads the refused ones', async () => {
    await logIn(page, ADMIN);
    await page.goto('/sepultados/meumemorial');
    await page.getByRole('link', { name: 'Planilhas' }).click();
    await page.getByRole('heading', { name: 'Planilhas', level: 1 }).waitFor();

    await page.getByLabel('Arquivo da planilha').setInputFiles({
      name: 'sepultados.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(CSV, 'utf8'),
    });
    await page.getByText('3 linhas: 2 válidas').waitFor();
    // The error sits on the cell of the bad date, in the row of the sheet's line 3.
    const bad = page.locator('td.cell-error');
    await expect(bad.count()).resolves.toBe(1);
    expect(await bad.textContent()).toContain('31/02/2023');
    expect(await bad.textContent()).toContain(SEP_MSG.dtFalInvalid);
    expect(await page.getByLabel('Campo da coluna Data de Falecimento').inputValue()).toBe('dtFal');
    await screenshot(page, 'planilha-previa');

    await page.getByRole('button', { name: 'Importar 2 registros válidos' }).click();
    await page.getByText(/Importação concluída: 2 registros criados/).waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Baixar relatório das linhas recusadas' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('linhas-recusadas.csv');
    const stream = await file.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
    const report = Buffer.concat(chunks).toString('utf8');
    expect(report).toContain('Linha Errada');
    expect(report).toContain(SEP_MSG.dtFalInvalid);
  });

  it('the imported records are on the home list and found by the search', async () => {
    await page.goto('/');
    await page.getByText('Benedita Aparecida Quintino').first().waitFor();
    await page.getByText('Sebastião Ferreira Lopes').first().waitFor();
    await page.goto('/sepultados/pesquisa?q=benedita%20quintino');
    await page.getByText('Benedita Aparecida Quintino').first().waitFor();
    expect(await page.getByText('Linha Errada').count()).toBe(0);
  });

  it('the same file chosen again: nothing new, the rows already in the register counted', async () => {
    await page.goto('/admin/planilhas');
    await page.getByRole('heading', { name: 'Planilhas', level: 1 }).waitFor();
    await page.getByLabel('Arquivo da planilha').setInputFiles({
      name: 'sepultados.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(CSV, 'utf8'),
    });
    await page
      .getByText('3 linhas: 0 válidas (0 novos, 0 atualizações), 2 já cadastradas e 1 com erro.')
      .waitFor();
    await expect(page.getByText('Já cadastrado: não será gravado de novo').count()).resolves.toBe(
      2,
    );
    const importButton = page.getByRole('button', { name: 'Importar 0 registros válidos' });
    expect(await importButton.isDisabled()).toBe(true);
    // The note over the table is whole on a phone, not cut at the table's edge.
    const note = page.getByText(/^Linhas com erro primeiro/);
    const box = await note.boundingBox();
    const width = page.viewportSize()?.width ?? 0;
    expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
    await screenshot(page, 'planilha-reimportada');
  });
});
