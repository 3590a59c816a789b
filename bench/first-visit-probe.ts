/**
 * Diagnosis for the first-visit scenario (not part of `npm run bench`): loads each route once
 * under the same emulation (1.6 Mbit/s, 150 ms RTT, CPU ×4, cold context) and prints WHAT shifts
 * (layout-shift sources: element, old and new rect), WHAT the long tasks are (start, duration,
 * and the JS functions with most self time during load from a CPU profile) and the LCP element.
 * With `TRACE=1`, a Chromium trace instead: each long task on the page's main thread and the
 * events inside it (script compile and evaluation by file, timers, idle callbacks, IndexedDB
 * events, style and layout), which the sampling profile cannot tell apart.
 * Run: `npm run build && [PROFILE=1|TRACE=1] npx tsx bench/first-visit-probe.ts [route-name-substring]`
 * (route names as in the scenario: login, detail, search, logged in, dashboard).
 */
import fs from 'node:fs';
import os from 'node:os';
import type { Page } from 'playwright-core';
import { headingShown } from './lib/page-metrics';
import { coldContext } from './lib/route-bytes';
import { firstVisitSetup } from './scenarios/first-visit';

const PROBE = `
window.__probe = { shifts: [], long: [], lcp: [] };
const describe = (n) => {
  if (!n) return 'null';
  if (n.nodeType !== 1) return '#text "' + (n.textContent || '').slice(0, 40) + '" in ' + describe(n.parentElement);
  const cls = typeof n.className === 'string' && n.className ? '.' + n.className.trim().split(/\\s+/).join('.') : '';
  return n.tagName.toLowerCase() + (n.id ? '#' + n.id : '') + cls + ' "' + (n.textContent || '').trim().slice(0, 40) + '"';
};
const r = (x) => x ? [Math.round(x.x), Math.round(x.y), Math.round(x.width), Math.round(x.height)].join(',') : '';
new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__probe.shifts.push({
  t: Math.round(e.startTime), v: e.value, input: e.hadRecentInput,
  sources: (e.sources || []).map((s) => describe(s.node) + ' [' + r(s.previousRect) + '] -> [' + r(s.currentRect) + ']'),
  outline: [...document.querySelectorAll('.page-area > * > *')].map((n) => describe(n).slice(0, 50)) }); })
  .observe({ type: 'layout-shift', buffered: true });
new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__probe.long.push([Math.round(e.startTime), Math.round(e.duration)]); })
  .observe({ type: 'longtask', buffered: true });
new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__probe.lcp.push({ t: Math.round(e.startTime), el: describe(e.element), url: e.url, size: e.size }); })
  .observe({ type: 'largest-contentful-paint', buffered: true });
`;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: Record<string, unknown> };
}

const SHOWN = new Set([
  'EvaluateScript',
  'v8.compile',
  'v8.compileModule',
  'v8.evaluateModule',
  'v8.produceModuleCache',
  'v8.callFunction',
  'LocalWindowProxy::Initialize',
  'FunctionCall',
  'TimerFire',
  'FireIdleCallback',
  'FireAnimationFrame',
  'EventDispatch',
  'ParseHTML',
  'UpdateLayoutTree',
  'Layout',
  'Paint',
  'MajorGC',
  'MinorGC',
  'V8.GCScavenger',
  'RunMicrotasks',
  'XHRLoad',
  'ResourceReceiveResponse',
]);

/** The long tasks (≥ 50 ms) of the page's main thread, each with its direct events. */
function longTasksFromTrace(events: TraceEvent[]): string[] {
  if (process.env.TRACE_FILE) fs.writeFileSync(process.env.TRACE_FILE, JSON.stringify(events));
  // Several renderers (about:blank, the page): the page's main thread is the one that ran the
  // app's modules.
  const main = events
    .filter((e) => e.name === 'v8.evaluateModule')
    .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))[0];
  if (!main) return ['no module evaluation in the trace'];
  const own = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X')
    .sort((a, b) => a.ts - b.ts);
  const t0 = own[0]?.ts ?? 0;
  const out: string[] = [];
  for (const task of own.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) >= 50_000)) {
    const end = task.ts + (task.dur ?? 0);
    out.push(
      `task ${Math.round((task.dur ?? 0) / 1000)} ms at +${Math.round((task.ts - t0) / 1000)} ms`,
    );
    for (const e of own) {
      if (e.ts < task.ts || e.ts + (e.dur ?? 0) > end || e === task || !SHOWN.has(e.name)) continue;
      if ((e.dur ?? 0) < 3000) continue;
      const d = e.args?.data ?? {};
      const where = String(d.url ?? d.fileName ?? '').replace(/^.*\//, '');
      const what = String(d.functionName ?? d.type ?? '');
      out.push(
        `    ${String(Math.round((e.dur ?? 0) / 1000)).padStart(5)} ms +${Math.round((e.ts - task.ts) / 1000)} ${e.name} ${what} ${where}`,
      );
    }
  }
  return out;
}

async function load(page: Page, url: string, heading: string) {
  const tracing = process.env.TRACE === '1';
  if (tracing)
    await page
      .context()
      .browser()
      ?.startTracing(page, {
        categories: [
          'devtools.timeline',
          'v8',
          'v8.execute',
          'disabled-by-default-devtools.timeline',
        ],
      });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: 200_000,
    uploadThroughput: 93_750,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  // The profiler's own cost shows up as long tasks: only when asked for (PROFILE=1).
  const profiling = process.env.PROFILE === '1';
  if (profiling) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', {
      interval: Number(process.env.PROFILE_US ?? 500),
    });
    await cdp.send('Profiler.start');
  }
  const requests: string[] = [];
  const t0 = Date.now();
  cdp.on('Network.requestWillBeSent', (e) =>
    requests.push(`${Date.now() - t0}ms ${e.request.url.replace(/^https?:\/\/[^/]+/, '')}`),
  );
  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  await headingShown(page, heading);
  await page.waitForLoadState('networkidle', { timeout: 120_000 });
  await page.waitForTimeout(500);
  const { profile } = profiling
    ? ((await cdp.send('Profiler.stop')) as unknown as {
        profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
      })
    : { profile: { nodes: [], samples: [], timeDeltas: [] } };
  if (process.env.PROFILE_FILE) fs.writeFileSync(process.env.PROFILE_FILE, JSON.stringify(profile));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const byFn = new Map<string, number>();
  for (const n of profile.nodes) {
    const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.replace(/^.*\//, '')}:${n.callFrame.lineNumber}:${n.callFrame.columnNumber}`;
    byFn.set(key, (byFn.get(key) ?? 0) + (self.get(n.id) ?? 0));
  }
  const byUrl = new Map<string, number>();
  for (const n of profile.nodes) {
    const key = n.callFrame.url.replace(/^.*\//, '') || n.callFrame.functionName;
    byUrl.set(key, (byUrl.get(key) ?? 0) + (self.get(n.id) ?? 0));
  }
  // The busy stretches (no idle sample for ≥ 50 ms): what each spends its time in.
  const nodeById = new Map(profile.nodes.map((n) => [n.id, n]));
  const name = (id: number) => {
    const n = nodeById.get(id);
    return n
      ? `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.replace(/^.*\//, '')}:${n.callFrame.lineNumber}:${n.callFrame.columnNumber}`
      : '?';
  };
  const stretches: { at: number; ms: number; top: [string, number][] }[] = [];
  let at = 0;
  let run: { start: number; ms: number; fns: Map<string, number> } | null = null;
  const close = () => {
    if (run && run.ms >= 50_000)
      stretches.push({
        at: Math.round(run.start / 1000),
        ms: Math.round(run.ms / 1000),
        top: [...run.fns].sort((a, b) => b[1] - a[1]).slice(0, 8),
      });
    run = null;
  };
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    at += dt;
    const fn = name(id);
    if (fn.startsWith('(idle)')) {
      close();
      return;
    }
    run ??= { start: at, ms: 0, fns: new Map() };
    run.ms += dt;
    run.fns.set(fn, (run.fns.get(fn) ?? 0) + dt);
  });
  close();
  const found = await page.evaluate('window.__probe');
  const trace = tracing
    ? longTasksFromTrace(
        (
          JSON.parse(((await page.context().browser()?.stopTracing()) ?? '{}').toString()) as {
            traceEvents?: TraceEvent[];
          }
        ).traceEvents ?? [],
      )
    : [];
  return {
    trace,
    probe: found,
    requests,
    topFns: [...byFn].sort((a, b) => b[1] - a[1]).slice(0, 25),
    topUrls: [...byUrl].sort((a, b) => b[1] - a[1]).slice(0, 12),
    stretches,
  };
}

const only = process.argv[2];
const { server, browser, session, routes, close } = await firstVisitSetup();
try {
  // REPEAT=n loads each route n times (the long tasks vary from load to load).
  const repeat = Number(process.env.REPEAT ?? 1);
  for (const route of routes.flatMap((r) => Array.from({ length: repeat }, () => r))) {
    if (only && !route.name.includes(only)) continue;
    const context = await coldContext(browser, server.url, route.auth ? { auth: session } : {});
    await context.addInitScript({ content: PROBE });
    const page = await context.newPage();
    const out = await load(page, route.path, route.heading);
    console.log(`\n===== ${route.name} (load ${os.loadavg()[0]?.toFixed(2)})`);
    console.log(JSON.stringify(out.probe, null, 1));
    console.log('requests:', out.requests.join('\n  '));
    if (out.trace.length) console.log(out.trace.join('\n'));
    for (const st of out.stretches) {
      console.log(`busy ${st.ms} ms at +${st.at} ms (profile clock):`);
      for (const [k, v] of st.top) console.log(`    ${(v / 1000).toFixed(0).padStart(5)} ${k}`);
    }
    console.log('self time by script (ms):');
    for (const [k, v] of out.topUrls) console.log(`  ${(v / 1000).toFixed(0).padStart(6)} ${k}`);
    console.log('self time by function (ms):');
    for (const [k, v] of out.topFns) console.log(`  ${(v / 1000).toFixed(0).padStart(6)} ${k}`);
    await context.close();
  }
} finally {
  await close();
}
