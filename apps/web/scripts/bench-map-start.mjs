#!/usr/bin/env node
/**
 * Map page start-up: where a phone's main thread goes while the first game's demo map opens. Starts
 * the real server on the current build (apps/web/dist; run `npm run build` first), opens the map in
 * Chromium as a phone (390×844 at 2×, touch, 4× CPU throttling, consent answered, service workers
 * allowed as for a visitor), records a trace for a fixed time and prints, per visit, the blocking
 * time (each main-thread task's time beyond 50 ms, summed), the number of long tasks and when the
 * first paint and the marker data came; then the median, and the longest tasks of the median visit
 * with what ran in them (script, React work, compositor commit, layout). With --first-visit the
 * consent question is not answered yet (the visit Lighthouse measures).
 *
 * Usage: node apps/web/scripts/bench-map-start.mjs [--runs=5] [--seconds=12] [--rate=4] [--desktop]
 *          [--first-visit]
 */
import { chromiumLaunchOptions } from '../../../scripts/chromium.mjs';
import { startServer } from './bench-server.mjs';

const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const v = argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  return v === undefined ? fallback : Number(v);
};
const runs = Math.max(1, option('runs', 5));
const seconds = Math.max(3, option('seconds', 12));
const rate = Math.max(1, option('rate', 4));
const desktop = argv.includes('--desktop');
const firstVisit = argv.includes('--first-visit');
const dist = new URL('../dist', import.meta.url).pathname;

/** The page's renderer main thread: the one that parsed the page's HTML. */
function mainThread(events, pathname) {
  const parse = events.find(
    (e) => e.name === 'ParseHTML' && (e.args?.beginData?.url ?? '').includes(pathname),
  );
  if (!parse) throw new Error('the trace has no parse of the map page');
  return `${parse.pid}:${parse.tid}`;
}

/** Blocking time, long tasks and marks of one traced visit. */
function readTrace(events, pathname) {
  const main = mainThread(events, pathname);
  const on = events.filter((e) => `${e.pid}:${e.tid}` === main);
  // Navigation starts when the browser starts loading the page's document (the trace names it in one
  // of two ways, depending on which process reports it first).
  const start =
    events.find(
      (e) => e.name === 'navigationStart' && (e.args?.data?.documentLoaderURL ?? '').endsWith(pathname),
    ) ??
    events.find((e) => e.name === 'ResourceSendRequest' && (e.args?.data?.url ?? '').endsWith(pathname)) ??
    // A navigation the service worker answered may be named by neither: its document's parse then.
    events.find((e) => e.name === 'ParseHTML' && (e.args?.beginData?.url ?? '').includes(pathname));
  if (!start) throw new Error('the trace has no navigation to the map page');
  const t0 = start.ts;
  const tasks = on
    .filter((e) => e.name === 'RunTask' && e.dur > 50_000 && e.ts >= t0)
    .sort((a, b) => a.ts - b.ts)
    .map((task) => {
      const inside = on.filter(
        (e) => e.ph === 'X' && e.name !== 'RunTask' && e.ts >= task.ts && e.ts < task.ts + task.dur,
      );
      const top = inside
        .filter((e) => e.dur > 5_000)
        .sort((a, b) => b.dur - a.dur)
        .slice(0, 3)
        .map((e) => {
          const fn = e.args?.data?.functionName;
          const url = e.args?.data?.url?.split('/').pop();
          return `${e.name}${fn ? ` ${fn}` : ''}${url ? ` (${url})` : ''} ${Math.round(e.dur / 1000)}`;
        });
      return { at: Math.round((task.ts - t0) / 1000), ms: Math.round(task.dur / 1000), top };
    });
  const mark = (name) => {
    const e = on.find((x) => x.name === name && x.ts >= t0);
    return e ? Math.round((e.ts - t0) / 1000) : undefined;
  };
  return {
    blocking: Math.round(tasks.reduce((n, t) => n + t.ms - 50, 0)),
    tasks,
    fcp: mark('firstContentfulPaint'),
    markers: mark('waypoint:marker-data'),
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const server = await startServer(dist);
const { chromium } = await import('playwright-core');
const visits = [];
// Launched inside the try: a browser that cannot start must not leave the server running.
let browser;
try {
  browser = await chromium.launch(chromiumLaunchOptions);
  const games = (await (await fetch(`${server.base}/api/games?limit=1000`)).json()).data;
  const gameId = games[0]._id;
  const maps = (await (await fetch(`${server.base}/api/maps?limit=1000`)).json()).data;
  const map = maps.find((m) => m.gameId === gameId);
  const pathname = `/game/${encodeURIComponent(gameId)}/maps/${encodeURIComponent(map._id)}`;
  for (let run = 0; run <= runs; run++) {
    const context = await browser.newContext(
      desktop
        ? { viewport: { width: 1350, height: 940 } }
        : { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
    );
    if (!firstVisit) {
      await context.addInitScript(() => {
        localStorage.setItem(
          'waypoint-consent',
          JSON.stringify({ necessary: true, analytics: false, advertising: false, decidedAt: 'x' }),
        );
      });
    }
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'blink.user_timing',
        'loading',
      ],
    });
    await page.goto(server.base + pathname);
    await page.waitForTimeout(seconds * 1000);
    const { traceEvents } = JSON.parse((await browser.stopTracing()).toString());
    await context.close();
    // The first visit warms the server's caches and the browser's code cache: not counted.
    if (run === 0) continue;
    const visit = readTrace(traceEvents, pathname);
    visits.push(visit);
    console.log(
      `visit ${run}: blocking ${visit.blocking} ms, ${visit.tasks.length} long tasks, first paint ${visit.fcp ?? '-'} ms, marker store ${visit.markers ?? '-'} ms`,
    );
  }
} finally {
  await browser?.close();
  await server.stop();
}
const mid = median(visits.map((v) => v.blocking));
const typical = visits.find((v) => v.blocking === mid);
console.log(
  `\nmap page start-up (${desktop ? 'desktop' : 'phone'}${firstVisit ? ', first visit' : ''}, ${rate}x CPU, ${seconds} s, median of ${visits.length}): blocking ${mid} ms (${Math.min(...visits.map((v) => v.blocking))}–${Math.max(...visits.map((v) => v.blocking))}), long tasks ${median(visits.map((v) => v.tasks.length))}`,
);
console.log('longest tasks of the median visit (ms after navigation, duration ms, largest parts):');
for (const t of [...typical.tasks].sort((a, b) => b.ms - a.ms).slice(0, 10)) {
  console.log(`  ${String(t.at).padStart(6)} ${String(t.ms).padStart(5)}  ${t.top.join(' | ')}`);
}
