/**
 * End-to-end harness: the real server (built PWA + API, PGlite in a temporary DATA_DIR) and
 * Debian's Chromium driven by playwright-core, as a person would use them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { type ServerProcess, type StartOptions, startServer } from '../../scripts/server-process';

export const ADMIN = { email: 'admin@e2e.memorial.local', password: 'Admin@e2e1' };

export function chromiumPath(): string {
  const candidate = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(candidate)) {
    throw new Error(
      `Chromium não encontrado em ${candidate}. Instale com "apt-get install -y chromium" ` +
        'ou aponte CHROMIUM_PATH para o executável.',
    );
  }
  return candidate;
}

export async function startAppServer(options: StartOptions = {}): Promise<ServerProcess> {
  if (!fs.existsSync(path.resolve('dist/client/index.html'))) {
    throw new Error('dist/client não existe: rode "npm run build" antes dos testes e2e.');
  }
  return startServer({
    // Room for a start while other work shares the machine's two cores (PGlite's first
    // migration and the demo seed); a healthy start answers in seconds either way.
    timeoutMs: 180_000,
    ...options,
    env: {
      SEED: 'none',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...options.env,
    },
  });
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

export async function newPhoneContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    serviceWorkers: 'allow',
  });
}

/**
 * Waits until the page is controlled by an activated service worker (offline reloads work).
 * Polled from here: waitForFunction does not await an async predicate (its Promise is truthy),
 * so it returned at once, before the worker had even installed.
 */
export async function waitForServiceWorker(page: Page): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const ready = await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration();
      return reg?.active?.state === 'activated' && Boolean(navigator.serviceWorker.controller);
    });
    if (ready) return;
    if (Date.now() > deadline) throw new Error('o service worker não assumiu a página em 30 s');
    await page.waitForTimeout(250);
  }
}

/** Logs in through the login form, as a person does, and waits for the home page. */
/**
 * The app runs in the page (main.tsx marks `<html data-app="running">`). A page the server
 * rendered reads before it, but its form posts and buttons that need the app do nothing useful
 * until then: a test presses them after it, as a person does once the page has loaded.
 */
export async function appRunning(page: Page): Promise<void> {
  await page.locator('html[data-app="running"]').waitFor({ state: 'attached' });
}

export async function logIn(
  page: Page,
  person: { email: string; password: string },
): Promise<void> {
  await page.goto('/login');
  await appRunning(page);
  await page.getByLabel('E-mail').fill(person.email);
  await page.getByLabel('Senha', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = path.resolve('tests/.tmp/screenshots');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/**
 * Scrolls a detail-page section into view by its heading, as a person does to reach the map,
 * the QR code or "Homenagens". A lazy part keeps its heading while its code comes and then
 * draws its own: the element found may be replaced on the way, and is then found again.
 */
export async function scrollToHeading(page: Page, name: string): Promise<void> {
  const heading = page.getByRole('heading', { name, level: 2 }).first();
  for (let attempt = 1; ; attempt += 1) {
    try {
      await heading.scrollIntoViewIfNeeded();
      return;
    } catch (err) {
      if (attempt >= 5 || !/not attached/.test(String(err))) throw err;
    }
  }
}

/** Runs `run` on a new page of a context `make` opens, and closes the context after. */
export async function withContext<T>(
  make: () => Promise<BrowserContext>,
  run: (page: Page) => Promise<T>,
): Promise<T> {
  const context = await make();
  try {
    return await run(await context.newPage());
  } finally {
    await context.close();
  }
}

/**
 * The page's console errors and uncaught errors from now on (React reports a hydration
 * mismatch as one), except those `allow` matches.
 */
export function watchErrors(page: Page, allow: RegExp | null = null): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !allow?.test(m.text())) errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** A JSON call to the test server's API, as a test prepares or checks what the page did. */
export async function callApi<T>(
  baseUrl: string,
  method: string,
  url: string,
  token: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${baseUrl}/api/${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

/** Fails the set-up with what the server said when a call did not answer as expected. */
function expectStatus(what: string, res: { status: number; body: unknown }, status: number) {
  if (res.status !== status) {
    throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)} (expected ${status})`);
  }
}

/** The e2e administrator's bearer token (the account startAppServer makes). */
export async function adminLogin(baseUrl: string): Promise<string> {
  const res = await callApi<{ token: string }>(baseUrl, 'POST', 'users/login', '', ADMIN);
  expectStatus('admin login', res, 200);
  return res.body.token;
}

export interface Person {
  name: string;
  cpf: string;
  phone: string;
  email: string;
  password: string;
}

/** A field-staff account (concessionário), made by the admin as the office does: its id. */
export async function createStaff(baseUrl: string, token: string, person: Person): Promise<string> {
  const res = await callApi<{ user: { id: string } }>(
    baseUrl,
    'POST',
    'users/admin-create',
    token,
    {
      ...person,
      role: 'concessionario',
      confirmpassword: person.password,
    },
  );
  expectStatus(`admin-create ${person.email}`, res, 201);
  return res.body.user.id;
}

/** A burial record made through the API (in the grave of its place): its id and the grave's. */
export async function createRecord(
  baseUrl: string,
  token: string,
  fields: Record<string, unknown>,
): Promise<{ id: string; sepulturaId: string }> {
  const res = await callApi<{ sepultado: { id: string; sepulturaId: string } }>(
    baseUrl,
    'POST',
    'sepultados/create',
    token,
    fields,
  );
  expectStatus(`sepultados/create ${String(fields.nome)}`, res, 201);
  return res.body.sepultado;
}

/** Assigns a record to a concessionário. */
export async function assignRecord(
  baseUrl: string,
  token: string,
  recordId: string,
  userId: string,
): Promise<void> {
  const res = await callApi(baseUrl, 'PATCH', `sepultados/${recordId}/atribuir/${userId}`, token);
  expectStatus('atribuir', res, 200);
}

/** An outbox item as the device holds it (IndexedDB "memorial"), its photo's Blob described. */
export interface HeldOutboxItem {
  kind: string;
  state: string;
  blobType: string | null;
  blobSize: number | null;
}

/** The device's outbox (committed items only), read in the page. */
export function outboxItems(page: Page): Promise<HeldOutboxItem[]> {
  return page.evaluate(
    () =>
      new Promise<HeldOutboxItem[]>((resolve, reject) => {
        const open = indexedDB.open('memorial');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('outbox').objectStore('outbox').getAll();
          all.onsuccess = () => {
            open.result.close();
            resolve(
              all.result.map((i) => ({
                kind: i.kind,
                state: i.state,
                blobType: i.payload?.blob?.type ?? null,
                blobSize: i.payload?.blob?.size ?? null,
              })),
            );
          };
          all.onerror = () => reject(all.error);
        };
      }),
  );
}

/** Whether the device's store `store` holds `key` (false while the app has not made it). */
export function deviceHolds(page: Page, store: string, key: string): Promise<boolean> {
  return page.evaluate(
    ([name, id]) =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('memorial');
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(name)) {
            db.close();
            resolve(false);
            return;
          }
          const get = db.transaction(name).objectStore(name).get(id);
          get.onsuccess = () => {
            db.close();
            resolve(get.result !== undefined);
          };
          get.onerror = () => resolve(false);
        };
      }),
    [store, key] as const,
  );
}

/**
 * A page the server rendered asked for the app's code only after it had painted, with the
 * photo it leads with loaded (src/app/after-paint.ts).
 */
export async function appCodeAfterPaint(page: Page): Promise<void> {
  const at = await page.evaluate(() => {
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const path = (r: PerformanceResourceTiming) => new URL(r.name).pathname;
    const lead = [...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')]
      .map((img) => resources.find((r) => r.name === img.currentSrc)?.responseEnd ?? 0)
      .reduce((a, b) => Math.max(a, b), 0);
    return {
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1,
      lead,
      entry: resources.find((r) => /^\/assets\/index-[^/]+\.js$/.test(path(r)))?.startTime ?? -1,
    };
  });
  expect(at.paint).toBeGreaterThan(0);
  expect(at.entry).toBeGreaterThanOrEqual(at.paint);
  expect(at.entry).toBeGreaterThanOrEqual(at.lead);
}

/**
 * Every stylesheet the hydrated page uses came in the server's HTML — written into it (a
 * `<style>`) or linked: one that came later, with the page's code, would restyle (and move)
 * what was already on screen.
 */
export async function sheetsLinkedByServer(page: Page, html: string): Promise<void> {
  const linked = [...html.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
  const written = (html.match(/<style>/g) ?? []).length;
  const used = await page.evaluate(() => {
    const sheets = [...document.styleSheets];
    return {
      linked: sheets.flatMap((s) => (s.href ? [new URL(s.href).pathname] : [])),
      written: sheets.filter((s) => !s.href).length,
    };
  });
  expect(used.linked.length + used.written).toBeGreaterThan(1);
  for (const sheet of used.linked) expect(linked, sheet).toContain(sheet);
  expect(used.written).toBe(written);
}
