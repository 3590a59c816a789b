/**
 * Paint and stability figures of one page load, read from the page's own Performance APIs:
 * FCP, LCP (last largest-contentful-paint candidate), CLS (layout shifts without recent input)
 * and the long tasks' total duration. The observers are installed before the app runs
 * (INIT_SCRIPT), so nothing of the load is missed. A string script: this file is type-checked
 * without the DOM library.
 */
import type { Page } from 'playwright-core';

export const INIT_SCRIPT = `
window.__fv = { lcp: 0, cls: 0, longTasks: 0, swReady: null };
try {
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__fv.lcp = e.startTime; })
    .observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (!e.hadRecentInput) window.__fv.cls += e.value; })
    .observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__fv.longTasks += e.duration; })
    .observe({ type: 'longtask', buffered: true });
} catch (e) {}
if ('serviceWorker' in navigator) {
  navigator.serviceWorker.ready.then(() => { window.__fv.swReady = performance.now(); });
}
`;

export interface PageFigures {
  fcp: number;
  lcp: number;
  cls: number;
  longTasks: number;
  /** ms from navigation start until a service worker is active (its precache complete). */
  swReady: number | null;
}

export async function readFigures(page: Page): Promise<PageFigures> {
  return page.evaluate(`(() => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0];
    return { fcp: fcp ? fcp.startTime : 0, lcp: window.__fv.lcp, cls: window.__fv.cls,
      longTasks: window.__fv.longTasks, swReady: window.__fv.swReady };
  })()`) as Promise<PageFigures>;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/**
 * Waits for the page's h1 to read `text`, polled from here with a cheap query: Playwright's
 * getByRole polls inside the page computing every element's role and name, which under the
 * 4× CPU slowdown made long tasks of its own and counted them against the app.
 */
export async function headingShown(page: Page, text: string) {
  const deadline = Date.now() + 120_000;
  const probe = `[...document.querySelectorAll('h1')].some((h) => h.textContent.trim() === ${JSON.stringify(text)})`;
  while (!(await page.evaluate(probe))) {
    if (Date.now() > deadline) throw new Error(`h1 "${text}" did not show`);
    await page.waitForTimeout(100);
  }
}
