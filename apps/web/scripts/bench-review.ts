/**
 * `npm run bench:review`: the suggestion review page with 10,000 open suggestions (8,000 placed
 * markers over 20 maps, the rest new quests) on a throw-away database.
 *
 * 1. The page, served by the real server (child process, SQLite) with the built web app, opened in
 *    headless Chromium: the time from navigation until the marker summary and the first table rows
 *    are on screen and their buttons can be used.
 * 2. One bulk approve of 5,000 placed-marker suggestions (`POST /api/admin/suggestions/accept`) on
 *    SQLite, and on PostgreSQL when `BENCH_DATABASE_URL` or `TEST_DATABASE_URL` names a database (a
 *    fresh schema is made and dropped), through the app in this process.
 *
 * `BENCH_SCALE` (default 1) multiplies every count, e.g. 0.05 for a quick check; figures are written
 * to docs/benchmarks.md only at full size. `BENCH_TRACE=1` prints, for the last load, where the
 * page's main thread spent its time (a sampled CPU profile, by function and by file) and when each
 * request started and ended.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { registry } from '@waypoint/shared';
import { constants } from '@waypoint/shared/constants';
import { reviewMessages } from '@waypoint/shared/review-messages';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../../../scripts/chromium.mjs';
import { startServerProcess } from '../../server/bench/server-process.ts';
import { writeBenchmarkSection } from '../../server/bench/update-doc.ts';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { type Db, openDatabase } from '../../server/src/db/database.ts';
import { migrateToLatest } from '../../server/src/db/migrate.ts';
import { insertUser } from '../../server/src/features/account/account.repository.ts';
import { insertMany } from '../../server/src/features/models/models.repository.ts';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const scaled = (n: number) => Math.max(1, Math.round(n * SCALE));
const TOTAL = scaled(10_000);
const MARKER_SUGGESTIONS = scaled(8_000);
const BULK = Math.min(MARKER_SUGGESTIONS, scaled(5_000));
const MAPS = 20;
const AUTHORS = 50;
const LOADS = Number(process.env.BENCH_LOADS ?? 5);
const GAME = 'bench_game';
const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || '';

const webDir = path.resolve(import.meta.dirname, '..');
const rootDir = path.resolve(webDir, '../..');

/** The content and the open suggestions, written straight into an empty, migrated database. */
async function seed(db: Db) {
  const now = new Date().toISOString();
  const parse = <K extends keyof typeof registry>(key: K, value: unknown) =>
    registry[key].schema.parse(value) as Record<string, unknown>;
  await insertMany(db.kysely, registry.game, [parse('game', { _id: GAME, name: 'Bench Game' })], now);
  await insertMany(
    db.kysely,
    registry.map,
    Array.from({ length: MAPS }, (_, m) =>
      parse('map', { _id: `bench_map_${m}`, gameId: GAME, name: `Map ${m}` }),
    ),
    now,
  );
  await insertMany(
    db.kysely,
    registry.markerdefinition,
    [parse('markerdefinition', { _id: 'bench_def', gameId: GAME, name: 'Loot' })],
    now,
  );
  for (let a = 0; a < AUTHORS; a++) {
    await insertUser(db.kysely, {
      id: `bench-author-${a}`,
      username: `bench_author_${a}`,
      email: `author${a}@bench.test`,
      passwordHash: 'x',
      confirmed: 1,
    });
  }
  const suggestions = Array.from({ length: TOTAL }, (_, k) => {
    const author = k % AUTHORS;
    const marker = k < MARKER_SUGGESTIONS;
    const element = marker
      ? {
          _id: `pm_bench_${k}`,
          mapId: `bench_map_${k % MAPS}`,
          markerDefinitionId: 'bench_def',
          name: `Suggested crate ${k}`,
          lat: -(k % 200),
          lng: k % 300,
        }
      : { _id: `bench_quest_${k}`, gameId: GAME, name: `Suggested quest ${k}` };
    return parse('suggestion', {
      _id: `sg_bench_${String(k).padStart(6, '0')}`,
      status: 'SAVED',
      type: marker ? 'PLACED_MARKER' : 'QUEST',
      action: 'ADD',
      parentId: marker ? element.mapId : GAME,
      userId: `bench-author-${author}`,
      username: `bench_author_${author}`,
      data: JSON.stringify(element),
      targetId: element._id,
    });
  });
  await insertMany(db.kysely, registry.suggestion, suggestions, now);
  return suggestions.slice(0, BULK).map((s) => String(s._id));
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** Time until the review page shows the summary and the rows, ready for a click. */
async function measurePage(): Promise<number[]> {
  // A build of the sources as they are (a build left from earlier may predate them).
  execFileSync(
    process.execPath,
    [path.join(rootDir, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: webDir,
      stdio: 'inherit',
    },
  );
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'waypoint-bench-review-'));
  const config = loadConfig({}, { dataDir, logLevel: 'warn' });
  const db = openDatabase(config);
  await migrateToLatest(db);
  await seed(db);
  await db.close();
  const port = 4040 + Math.floor(Math.random() * 40);
  const base = `http://127.0.0.1:${port}`;
  const server = await startServerProcess({ dataDir, port, env: { SEED_DEMO: 'false' } });
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const res = await fetch(`${base}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: config.adminEmail, password: config.adminPassword }),
    });
    const { token } = (await res.json()) as { token: string };
    if (process.env.BENCH_TRACE) {
      // The page's first requests, one at a time and warm (the server's own share of the wait),
      // then all at once as the page sends them.
      const requests = [
        '/api/admin/review/counts?',
        '/api/admin/review/markers?sort=adds&order=desc&limit=200&skip=0',
        '/api/admin/review/suggestions?type=PLACED_MARKER&limit=50&skip=0',
      ];
      const ask = async (url: string) => {
        const answer = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } });
        await answer.arrayBuffer();
      };
      for (const url of requests) {
        const times: number[] = [];
        for (let k = 0; k < 7; k++) {
          const started = performance.now();
          await ask(url);
          times.push(performance.now() - started);
        }
        console.log(`server ${median(times).toFixed(1)} ms (median of 7) ${url}`);
      }
      const started = performance.now();
      const together = await Promise.all(
        requests.map(async (url) => {
          await ask(url);
          return (performance.now() - started).toFixed(1);
        }),
      );
      console.log(`server, the three at once: done after ${together.join(', ')} ms`);
    }
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript(() =>
      localStorage.setItem(
        'waypoint-consent',
        JSON.stringify({ necessary: true, analytics: false, advertising: false, decidedAt: '2026-01-01' }),
      ),
    );
    await context.addCookies([{ name: constants.cookieName, value: token, url: base }]);
    const page = await context.newPage();
    const times: number[] = [];
    // The first load fills the browser's cache of the page's code, as a returning moderator has it.
    const cdp = process.env.BENCH_TRACE ? await context.newCDPSession(page) : null;
    for (let i = 0; i <= LOADS; i++) {
      await page.goto('about:blank');
      const timeline = process.env.BENCH_TRACE === 'timeline' && i === LOADS;
      if (timeline) {
        await browser.startTracing(page, {
          categories: ['devtools.timeline', 'v8', 'disabled-by-default-devtools.timeline'],
        });
      } else if (cdp && i === LOADS) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        await cdp.send('Profiler.start');
      }
      await page.goto(`${base}/suggestion-review?type=PLACED_MARKER`);
      await page
        .getByRole('button', { name: new RegExp(`^${reviewMessages.approveAll} `) })
        .first()
        .waitFor();
      await page.locator('tr[data-suggestion]').first().waitFor();
      const ms = await page.evaluate(() => performance.now());
      if (i > 0) times.push(ms);
      if (timeline) {
        // Main-thread time of the renderer by kind of work (script, style, layout, parsing, GC).
        const trace = JSON.parse((await browser.stopTracing()).toString()) as {
          traceEvents: {
            name: string;
            ph: string;
            dur?: number;
            tid: number;
            pid: number;
            args?: { name?: string };
          }[];
        };
        // The page's renderer: the main thread that ran the most tasks (about:blank had its own).
        const tasks = (t: { tid: number; pid: number }) =>
          trace.traceEvents.filter((e) => e.tid === t.tid && e.pid === t.pid && e.name === 'RunTask').length;
        const main = trace.traceEvents
          .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
          .sort((a, b) => tasks(b) - tasks(a))[0];
        const byName = new Map<string, number>();
        for (const e of trace.traceEvents) {
          if (!main || e.tid !== main.tid || e.pid !== main.pid || e.ph !== 'X' || !e.dur) continue;
          byName.set(e.name, (byName.get(e.name) ?? 0) + e.dur / 1000);
        }
        console.log(
          [...byName]
            .sort((a, b) => b[1] - a[1])
            .slice(0, 30)
            .map(([k, v]) => `${v.toFixed(1)} ms ${k}`)
            .join('\n'),
        );
      } else if (cdp && i === LOADS) {
        const { profile } = (await cdp.send('Profiler.stop')) as unknown as {
          profile: {
            nodes: {
              id: number;
              callFrame: { functionName: string; url: string; lineNumber: number };
              hitCount?: number;
            }[];
            samples: number[];
            timeDeltas: number[];
          };
        };
        const self = new Map<string, number>();
        const byId = new Map(profile.nodes.map((n) => [n.id, n]));
        profile.samples.forEach((id, k) => {
          const n = byId.get(id)!;
          const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.replace(/^.*\//, '')}:${n.callFrame.lineNumber}`;
          self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[k] ?? 0) / 1000);
        });
        const byFile = new Map<string, number>();
        for (const [k, v] of self) {
          const f = k.split(' ')[1]?.split(':')[0] ?? '';
          byFile.set(f, (byFile.get(f) ?? 0) + v);
        }
        console.log(
          [...self]
            .sort((a, b) => b[1] - a[1])
            .slice(0, 25)
            .map(([k, v]) => `${v.toFixed(1)} ms ${k}`)
            .join('\n'),
        );
        console.log('--- by file');
        console.log(
          [...byFile]
            .sort((a, b) => b[1] - a[1])
            .slice(0, 15)
            .map(([k, v]) => `${v.toFixed(1)} ms ${k}`)
            .join('\n'),
        );
      }
      if (process.env.BENCH_TRACE && i === LOADS) {
        const t = await page.evaluate(() => {
          const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
          const rows = performance.getEntriesByType('resource').map((e) => {
            const r = e as PerformanceResourceTiming;
            return `${Math.round(r.startTime)}-${Math.round(r.responseEnd)} ${r.transferSize}B ${r.name.replace(/^https?:\/\/[^/]+/, '')}`;
          });
          return [
            `nav responseEnd ${Math.round(nav.responseEnd)} dcl ${Math.round(nav.domContentLoadedEventEnd)} load ${Math.round(nav.loadEventEnd)}`,
            ...rows,
            ...performance
              .getEntriesByType('longtask')
              .map((l) => `long ${Math.round(l.startTime)} ${Math.round(l.duration)}`),
          ];
        });
        console.log(t.join('\n'));
      }
    }
    return times;
  } finally {
    await browser.close();
    server.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** One bulk approve through the app on the given engine; answers its wall time in ms. */
async function measureBulk(databaseUrl: string): Promise<number> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'waypoint-bench-review-'));
  const schema = databaseUrl ? `bench_${randomBytes(5).toString('hex')}` : undefined;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  if (schema) await admin(`create schema ${schema}`);
  const config = loadConfig(
    {},
    { dataDir, databaseUrl, logLevel: 'silent', seedDemo: false, demoImages: false },
  );
  const db = openDatabase({ databaseUrl, dataDir, searchPath: schema });
  try {
    await migrateToLatest(db);
    const ids = await seed(db);
    const app = await buildApp(config, { db });
    await app.ready();
    const user = await insertUser(db.kysely, {
      username: 'bench_admin',
      email: 'admin@bench.test',
      passwordHash: 'x',
      admin: 1,
      confirmed: 1,
    });
    const token = await app.ctx.tokens.sign({ id: user.id, username: 'bench_admin', admin: true });
    const t0 = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/suggestions/accept',
      headers: { authorization: `Bearer ${token}` },
      payload: { suggestionIds: ids },
    });
    const ms = performance.now() - t0;
    if (res.statusCode !== 200 || res.json().accepted !== ids.length) {
      throw new Error(`bulk accept failed: ${res.statusCode} ${res.body.slice(0, 300)}`);
    }
    await app.close();
    return ms;
  } finally {
    await db.close();
    if (schema) await admin(`drop schema ${schema} cascade`);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const page = await measurePage();
  // `BENCH_PAGE_ONLY=1`: the page figures alone, printed and not written.
  if (process.env.BENCH_PAGE_ONLY) {
    console.log(
      `review page interactive: median ${median(page).toFixed(0)} ms (${page.map((v) => v.toFixed(0)).join(', ')})`,
    );
    return;
  }
  const sqlite = await measureBulk('');
  const postgres = pgUrl ? await measureBulk(pgUrl) : undefined;
  const pageMs = median(page);
  const lines = [
    `\`npm run bench:review\` — the review page served by the real server (SQLite) with the built web app in headless Chromium (1440×900) on the 2-core machine, then one bulk approve through the app on SQLite and PostgreSQL. Goals: page interactive ≤ 1,000 ms (${pageMs <= 1000 ? 'met' : 'missed'}); bulk approve of 5,000 ≤ 3,000 ms on each engine in one transaction (${sqlite <= 3000 && (postgres === undefined || postgres <= 3000) ? 'met' : 'missed'}). The page's first requests start with the entry script, before the page's own code has loaded (about 300 ms after navigation they are answered); the rest is drawing the summary and the first 50 rows. \`BENCH_TRACE=1\` prints where the page's main thread spends its time, \`BENCH_TRACE=timeline\` the same by kind of work (script, style, layout), and both the server's share of each request.`,
    '',
    `${TOTAL.toLocaleString('en')} open suggestions (${MARKER_SUGGESTIONS.toLocaleString('en')} placed markers over ${MAPS} maps, the rest new quests); ${AUTHORS} authors.`,
    '',
    '| measure | result |',
    '|---|---|',
    `| review page interactive after navigation (median of ${page.length}, summary and rows on screen) | ${pageMs.toFixed(0)} ms (${page.map((v) => v.toFixed(0)).join(', ')}) |`,
    `| bulk approve of ${BULK.toLocaleString('en')} placed-marker suggestions, one transaction, SQLite | ${sqlite.toFixed(0)} ms |`,
    `| the same on PostgreSQL | ${postgres === undefined ? 'not run (no BENCH_DATABASE_URL / TEST_DATABASE_URL)' : `${postgres.toFixed(0)} ms`} |`,
  ];
  const body = lines.join('\n');
  console.log(body);
  if (SCALE === 1) writeBenchmarkSection('Suggestion review', body);
}

await main();
