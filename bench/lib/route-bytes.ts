/**
 * What a first visit to one route costs on the wire, as Chromium's DevTools protocol counts it
 * (Network.loadingFinished's encodedDataLength: compressed body plus headers): every request the
 * page makes from a cold context until the network goes quiet, by resource type. Shared by the
 * e2e budget test (bytes only, deterministic) and the first-visit bench scenario (which adds
 * throttling and timings). Service workers are blocked unless asked for; those two allow
 * them, as a phone does: a worker's own fetches (its precache) are not the page's requests, and
 * with workers blocked the page keeps its copies on the device at once (a browser without them).
 */
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';

export interface WireRequest {
  url: string;
  /** CDP resource type: Document, Script, Stylesheet, Image, Fetch, XHR, Manifest, Other… */
  type: string;
  bytes: number;
  encoding: string | null;
}

export interface WireTotals {
  requests: WireRequest[];
  byType: Record<string, number>;
  total: number;
}

export interface ColdOptions {
  /** A session put in localStorage before the app runs (the spec §3 `auth` entry). */
  auth?: { token: string; role: string; userId: string; name: string; email: string };
  viewport?: { width: number; height: number };
  serviceWorkers?: 'allow' | 'block';
}

export async function coldContext(
  browser: Browser,
  baseURL: string,
  options: ColdOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    viewport: options.viewport ?? { width: 390, height: 844 },
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    serviceWorkers: options.serviceWorkers ?? 'block',
  });
  if (options.auth) {
    // A script string: this file is type-checked without the DOM library (tsconfig.server).
    const auth = JSON.stringify(JSON.stringify(options.auth));
    const token = JSON.stringify(options.auth.token);
    await context.addInitScript({
      content: `if (!localStorage.getItem('auth')) { localStorage.setItem('auth', ${auth}); localStorage.setItem('token', ${token}); }`,
    });
  }
  return context;
}

/** Starts counting a page's requests; `totals()` answers what finished so far. */
export async function watchWire(
  page: Page,
): Promise<{ cdp: CDPSession; totals: () => WireTotals }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const seen = new Map<string, WireRequest>();
  const done: WireRequest[] = [];
  cdp.on('Network.responseReceived', (e) => {
    const headers = e.response.headers as Record<string, string>;
    const encoding =
      Object.entries(headers).find(([k]) => k.toLowerCase() === 'content-encoding')?.[1] ?? null;
    seen.set(e.requestId, { url: e.response.url, type: e.type ?? 'Other', bytes: 0, encoding });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const request = seen.get(e.requestId);
    if (!request) return;
    request.bytes = e.encodedDataLength;
    done.push(request);
  });
  return {
    cdp,
    totals: () => {
      const byType: Record<string, number> = {};
      for (const r of done) byType[r.type] = (byType[r.type] ?? 0) + r.bytes;
      return {
        requests: [...done],
        byType,
        total: done.reduce((sum, r) => sum + r.bytes, 0),
      };
    },
  };
}

/** Logs in through the API and answers the localStorage session the app would keep. */
export async function apiSession(
  baseUrl: string,
  email: string,
  password: string,
): Promise<NonNullable<ColdOptions['auth']>> {
  const res = await fetch(`${baseUrl}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const { token, user } = (await res.json()) as {
    token: string;
    user: { _id: string; role: string; name: string; email: string };
  };
  return { token, role: user.role, userId: user._id, name: user.name, email: user.email };
}

export const KB = 1024;
