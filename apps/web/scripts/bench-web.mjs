#!/usr/bin/env node
/**
 * Web bundle benchmark: builds the app and prints, per route, the gzip size of the JavaScript and CSS
 * that the first visit loads (entry, the page chunk, the navigation bar where shown, and everything
 * those import statically; the consent question is in the page itself). Fails when the home or game
 * page loads more than the budget. With --write, the figures go to docs/benchmarks.md under "## Web".
 *
 * It then starts the real server on this build and measures the home page, the first game's page
 * and that game's demo map (its first category's preferred map) in Chromium (FCP, LCP, CLS,
 * main-thread blocking; desktop and throttled mobile), and runs Lighthouse on each several times
 * (the median run is reported: a busy machine spreads single runs widely).
 *
 * Usage: tsx apps/web/scripts/bench-web.mjs [--no-build] [--no-pages] [--write]
 *          [--runs=N] [--only=home,game,map] [--reports=DIR]
 *   --runs     Lighthouse runs per page and preset (default 3); the run with the median score is shown.
 *   --only     measure only these pages (nothing is written then).
 *   --reports  keep every Lighthouse JSON report and its trace (the unthrottled load it simulates
 *              from) in DIR, for reading where the time goes.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumLaunchOptions } from '../../../scripts/chromium.mjs';
import { freePort, startServer as startBenchServer } from './bench-server.mjs';
import { measureRoutes, overBudget } from './bundle-budget.ts';

const webDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const rootDir = resolve(webDir, '../..');
const dist = join(webDir, 'dist');
const argv = process.argv.slice(2);
const args = new Set(argv);
/** The value of a `--name=value` argument. */
const option = (name) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const lighthouseRuns = Math.max(1, Number(option('runs') ?? 3) || 3);
const only = option('only')?.split(',').filter(Boolean);
const reportsDir = option('reports');

if (!args.has('--no-build')) {
  execFileSync(process.execPath, [join(rootDir, 'node_modules/vite/bin/vite.js'), 'build'], {
    cwd: webDir,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

const rows = measureRoutes(dist);
const failed = overBudget(rows).length > 0;
// The pages with a size budget (page manifest), which all share one.
const budgeted = rows.filter((r) => r.budgetKb !== undefined);
const budgetKb = Math.min(...budgeted.map((r) => r.budgetKb));
const budgetPages = budgeted.map((r) => r.route).join(' and ');
let clsFailed = false;

/** First-load figures of a page in Chromium: FCP, LCP, CLS and main-thread blocking. */
async function measurePage(browser, url, mobile) {
  const context = await browser.newContext(
    mobile
      ? { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true }
      : { viewport: { width: 1350, height: 940 } },
  );
  // A returning visitor's view: the consent choice is stored.
  await context.addInitScript(() => {
    localStorage.setItem(
      'waypoint-consent',
      JSON.stringify({ necessary: true, analytics: false, advertising: false, decidedAt: 'x' }),
    );
    window.__wp = { cls: 0, lcp: 0, tbt: 0 };
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) if (!e.hadRecentInput) window.__wp.cls += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) window.__wp.lcp = e.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) window.__wp.tbt += Math.max(0, e.duration - 50);
    }).observe({ type: 'longtask', buffered: true });
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  if (mobile) {
    // Lighthouse's mobile preset: 4x CPU slowdown, slow 4G.
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
  }
  // Not 'networkidle': the service worker's first install fetches the precache list and the page's
  // reads again, which Playwright counts as the page's requests and never sees finish.
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(3000);
  const fcp = await page.evaluate(
    () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
  );
  const m = await page.evaluate(() => window.__wp);
  await context.close();
  return { fcp, lcp: m.lcp, cls: m.cls, tbt: m.tbt };
}

/**
 * The demo map of a game, as the game page links to it: the first category's preferred map (the
 * first enabled map of the game when no category names one).
 */
async function demoMapPath(base, gameId) {
  const query = encodeURIComponent(JSON.stringify({ gameId }));
  const [categories, maps] = await Promise.all(
    [`/api/categorys?query=${query}&limit=1000`, `/api/maps?query=${query}&limit=1000`].map(async (u) =>
      (await (await fetch(base + u)).json()).data.filter((r) => r.enabled !== false),
    ),
  );
  const ids = new Set(maps.map((m) => m._id));
  const mapId = categories.map((c) => c.preferredMap).find((id) => ids.has(id)) ?? maps[0]._id;
  return `/game/${encodeURIComponent(gameId)}/maps/${encodeURIComponent(mapId)}`;
}

/** The run with the median performance score (the lower middle one for an even count). */
function medianRun(runs) {
  const sorted = [...runs].sort((a, b) => a.score - b.score);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/**
 * Lighthouse performance scores, when the lighthouse package (12.x, Node 20) is installed: each page
 * and preset `runs` times, the median run kept with the spread of the scores.
 */
async function lighthouseScores(base, paths, freePortFn, runs) {
  let lighthouse;
  let desktopConfig;
  try {
    lighthouse = (await import('lighthouse')).default;
    desktopConfig = (await import('lighthouse/core/config/desktop-config.js')).default;
  } catch {
    console.log('Lighthouse: not installed (npm install -D lighthouse@12); skipped.');
    return [];
  }
  const { chromium } = await import('playwright-core');
  const port = await freePortFn();
  const browser = await chromium.launch({
    ...chromiumLaunchOptions,
    args: [...chromiumLaunchOptions.args, `--remote-debugging-port=${port}`],
  });
  if (reportsDir) (await import('node:fs')).mkdirSync(reportsDir, { recursive: true });
  const out = [];
  try {
    for (const [name, path] of paths) {
      for (const preset of ['desktop', 'mobile']) {
        const measured = [];
        let failedRuns = 0;
        // A run Lighthouse could not finish (a page that never painted in time on a busy machine)
        // has no score: it is run again, at most as many extra times as there are runs.
        for (let run = 1; measured.length < runs && run <= 2 * runs; run++) {
          const result = await lighthouse(
            base + path,
            { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
            preset === 'desktop' ? desktopConfig : undefined,
          );
          const lhr = result?.lhr;
          if (reportsDir && lhr) {
            writeFileSync(join(reportsDir, `${name}-${preset}-${run}.json`), JSON.stringify(lhr));
            const trace = result.artifacts?.Trace;
            if (trace)
              writeFileSync(join(reportsDir, `${name}-${preset}-${run}.trace.json`), JSON.stringify(trace));
          }
          if (!lhr || lhr.runtimeError || lhr.categories.performance.score === null) {
            failedRuns += 1;
            continue;
          }
          measured.push({
            score: Math.round((lhr?.categories.performance.score ?? 0) * 100),
            cls: lhr?.audits['cumulative-layout-shift']?.numericValue ?? 0,
            lcp: lhr?.audits['largest-contentful-paint']?.numericValue ?? 0,
            tbt: lhr?.audits['total-blocking-time']?.numericValue ?? 0,
          });
        }
        const scores = measured.map((m) => m.score);
        if (!measured.length) throw new Error(`Lighthouse could not measure ${name} (${preset})`);
        out.push({
          name,
          preset,
          ...medianRun(measured),
          low: Math.min(...scores),
          high: Math.max(...scores),
        });
        const failedNote = failedRuns ? ` (${failedRuns} run(s) without a result, run again)` : '';
        console.log(`Lighthouse ${name} ${preset}: ${scores.join(', ')}${failedNote}`);
      }
    }
  } finally {
    await browser.close();
  }
  return out;
}

const pageRows = [];
let lighthouseRows = [];
/** Load average while the pages were measured: Lighthouse figures of a busy machine are noisy. */
let load = '';
if (!args.has('--no-pages')) {
  const { chromium } = await import('playwright-core');
  const server = await startBenchServer(dist);
  // Launched inside the try: a browser that cannot start must not leave the server running.
  let browser;
  const loads = [];
  try {
    browser = await chromium.launch(chromiumLaunchOptions);
    const games = await (await fetch(`${server.base}/api/games`)).json();
    const gameId = games.data[0]._id;
    const paths = [
      ['home', '/'],
      ['game', `/game/${gameId}`],
      ['map', await demoMapPath(server.base, gameId)],
    ].filter(([name]) => !only || only.includes(name));
    for (const [name, path] of paths) {
      for (const mobile of [false, true]) {
        loads.push(loadavg()[0]);
        // Warm-up run (server caches), then the measured run.
        await measurePage(browser, server.base + path, mobile);
        const r = await measurePage(browser, server.base + path, mobile);
        pageRows.push({ name, mobile, ...r });
      }
    }
    loads.push(loadavg()[0]);
    lighthouseRows = await lighthouseScores(server.base, paths, freePort, lighthouseRuns);
    loads.push(loadavg()[0]);
  } finally {
    await browser?.close();
    await server.stop();
  }
  load = `load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} on ${cpus().length} cores`;
  console.log(`Measured at ${load}.`);
}

const header =
  '| route | path | JS first visit (gzip KB) | with the consent dialog | CSS (gzip KB) | JS files |';
const lines = [header, '|---|---|---:|---:|---:|---:|'];
for (const r of rows) {
  lines.push(
    `| ${r.route} | \`${r.path}\` | ${r.js.toFixed(1)} | ${r.jsWithDialog.toFixed(1)} | ${r.css.toFixed(1)} | ${r.chunks} |`,
  );
}
let table = lines.join('\n');
if (pageRows.length) {
  const p = ['', '| page | profile | FCP ms | LCP ms | CLS | blocking ms |', '|---|---|---:|---:|---:|---:|'];
  for (const r of pageRows) {
    p.push(
      `| ${r.name} | ${r.mobile ? 'mobile (390x844, 4x CPU, slow 4G)' : 'desktop (1350x940)'} | ${Math.round(r.fcp)} | ${Math.round(r.lcp)} | ${r.cls.toFixed(3)} | ${Math.round(r.tbt)} |`,
    );
  }
  table += `\n${p.join('\n')}`;
  if (pageRows.some((r) => r.cls > 0.05)) clsFailed = true;
}
if (lighthouseRows.length) {
  const l = [
    '',
    `| page | Lighthouse preset | performance (median of ${lighthouseRuns}) | score range | LCP ms | TBT ms | CLS |`,
    '|---|---|---:|---:|---:|---:|---:|',
  ];
  for (const r of lighthouseRows) {
    l.push(
      `| ${r.name} | ${r.preset} | ${r.score} | ${r.low}–${r.high} | ${Math.round(r.lcp)} | ${Math.round(r.tbt)} | ${r.cls.toFixed(3)} |`,
    );
  }
  table += `\n${l.join('\n')}`;
  if (lighthouseRows.some((r) => r.cls > 0.05)) clsFailed = true;
}
console.log(table);
console.log(
  `\nBudget: ${budgetPages} pages at most ${budgetKb} KB gzip JavaScript on a first visit; CLS at most 0.05.`,
);

if (args.has('--write') && only) console.log('--only: a partial run, docs/benchmarks.md is left as it is.');
if (args.has('--write') && !only) {
  const file = join(rootDir, 'docs/benchmarks.md');
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n';
  const date = new Date().toISOString().slice(0, 10);
  const section = `## Web\n\nMeasured ${date} with \`npm run bench:web\` (Vite production build, gzip level 9; Node ${process.version}). "First visit" is what a page loads on a first visit in English, whose consent question is part of the page (index.html) and answered without the app's code; "with the consent dialog" adds the app's dialog, which the Consent link and first visits in another language open. The budget fails the script when ${budgetPages.replace(' and ', ' or ')} exceeds ${budgetKb} KB of gzip JavaScript on a first visit, or a page's CLS exceeds 0.05. Page figures come from Debian's Chromium driving the real server (seeded demo data), measured with the browser's own performance entries after one warm-up load; the mobile profile applies Lighthouse's mobile throttling (4x CPU, 150 ms latency, 1.6 Mbit/s). "map" is the first game's demo map. Lighthouse ran ${lighthouseRuns} times per page and preset; the run with the median score is shown${load ? ` (${load})` : ''}.\n\n${table}\n`;
  const start = text.indexOf('## Web\n');
  let next;
  if (start >= 0) {
    const after = text.indexOf('\n## ', start + 1);
    next = text.slice(0, start) + section + (after >= 0 ? text.slice(after) : '');
  } else {
    next = `${text.trimEnd()}\n\n${section}`;
  }
  writeFileSync(file, next);
  console.log(`Written to ${file}`);
}

if (failed)
  console.error(
    `FAIL: the ${budgetPages.replace(' and ', ' or ')} page loads more than ${budgetKb} KB of gzip JavaScript.`,
  );
if (clsFailed) console.error('FAIL: a page shifts its layout by more than 0.05 (CLS).');
if (failed || clsFailed) process.exit(1);
