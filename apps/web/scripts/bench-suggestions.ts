/**
 * `npm run bench:suggestions`: a map of 20,000 placed markers with 2,000 open placed-marker
 * suggestions (a third each of ADD, UPDATE and DELETE), served by the real server (child process,
 * SQLite) with the built web app and opened in headless Chromium with every definition enabled.
 * Measures, in the page, the time from pressing 'Activate suggestions' until the map is drawn again
 * with the suggestions tinted (the first time with the suggestions' request, then with them read),
 * and the time from a click with the place tool until the new suggestion is on screen. Writes the
 * figures to docs/benchmarks.md under "## Suggestions". Then compares the same posting with and
 * without webhooks registered for the game (a local receiver; runs alternated) and writes that under
 * "## Suggestion writes with webhooks". `BENCH_POSTING_ONLY=1` runs only the posting parts (no
 * browser, no web build) and writes only the webhook section.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { registry } from '@waypoint/shared';
import { constants } from '@waypoint/shared/constants';
import { editingMessages } from '@waypoint/shared/map/editing-messages';
import { mapMessages } from '@waypoint/shared/map/map-messages';
import { mulberry32 } from '@waypoint/shared/random';
import autocannon from 'autocannon';
import { chromium, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from '../../../scripts/chromium.mjs';
import { startServerProcess } from '../../server/bench/server-process.ts';
import { writeBenchmarkSection } from '../../server/bench/update-doc.ts';
import { loadConfig } from '../../server/src/config.ts';
import { openDatabase } from '../../server/src/db/database.ts';
import { migrateToLatest } from '../../server/src/db/migrate.ts';
import { insertUser } from '../../server/src/features/account/account.repository.ts';
import { hashPassword } from '../../server/src/features/auth/passwords.ts';
import { insertMany } from '../../server/src/features/models/models.repository.ts';
import { probeBuild } from './probe-build.ts';

const MARKERS = 20_000;
const SUGGESTIONS = 2_000;
const DEFINITIONS = 20;
const WIDTH = 8192;
const HEIGHT = 8192;
const MAX_ZOOM = 5;
const GAME = 'bench_game';
const MAP = 'bench_map';
const TOGGLES = Number(process.env.BENCH_TOGGLES ?? 7);
const PLACES = Number(process.env.BENCH_PLACES ?? 20);
const POSTERS = 200;
const POST_RATE = 200;
const POSTER_PASSWORD = 'bench-poster-pass-1';
const POSTING_ONLY = Boolean(process.env.BENCH_POSTING_ONLY);
const PLAYER = {
  id: 'bench-player',
  username: 'bench_player',
  email: 'player@bench.test',
  password: 'bench-pass-1',
};

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'waypoint-bench-suggestions-'));
const port = 3990 + Math.floor(Math.random() * 40);
const base = `http://127.0.0.1:${port}`;

async function prepare() {
  const config = loadConfig({}, { dataDir, logLevel: 'warn' });
  const db = openDatabase(config);
  await migrateToLatest(db);
  const now = new Date().toISOString();
  const parse = <K extends keyof typeof registry>(key: K, value: unknown) =>
    registry[key].schema.parse(value) as Record<string, unknown>;
  await insertMany(db.kysely, registry.game, [parse('game', { _id: GAME, name: 'Bench Game' })], now);
  await insertMany(
    db.kysely,
    registry.category,
    [parse('category', { _id: 'bench_cat', gameId: GAME, name: 'Bench Region' })],
    now,
  );
  await insertMany(
    db.kysely,
    registry.map,
    [
      {
        ...parse('map', {
          _id: MAP,
          gameId: GAME,
          categoryId: 'bench_cat',
          name: 'Bench 20k',
          maxZoom: MAX_ZOOM,
        }),
        images: {
          mapImage: { fileName: 'map.png', imageWidth: WIDTH, imageHeight: HEIGHT, version: 'bench' },
        },
      },
    ],
    now,
  );
  const definitions = Array.from({ length: DEFINITIONS }, (_, i) =>
    parse('markerdefinition', {
      _id: `bench_def_${i}`,
      gameId: GAME,
      name: `Definition ${String(i).padStart(2, '0')}`,
      markerDefinitionType: 'SVG',
      backgroundShape: 'CIRCLE',
      wrapperColor: '#2563eb',
      innerColor: '#ffffff',
    }),
  );
  await insertMany(db.kysely, registry.markerdefinition, definitions, now);
  const random = mulberry32(11);
  const unit = 2 ** MAX_ZOOM;
  const point = () => ({
    lat: -(32 + random() * (HEIGHT - 64)) / unit,
    lng: (32 + random() * (WIDTH - 64)) / unit,
  });
  const markers = Array.from({ length: MARKERS }, (_, i) =>
    parse('placedmarker', {
      _id: `${MAP}_${i}`,
      mapId: MAP,
      markerDefinitionId: `bench_def_${i % DEFINITIONS}`,
      name: `Marker ${i}`,
      ...point(),
    }),
  );
  await insertMany(db.kysely, registry.placedmarker, markers, now);
  // The players who post suggestions at a fixed rate (one password hash for all).
  const posterHash = await hashPassword(POSTER_PASSWORD);
  for (let k = 0; k < POSTERS; k++) {
    await insertUser(db.kysely, {
      id: `bench-poster-${k}`,
      username: `bench_poster_${k}`,
      email: `poster${k}@bench.test`,
      passwordHash: posterHash,
      confirmed: 1,
    });
  }
  await insertUser(db.kysely, {
    id: PLAYER.id,
    username: PLAYER.username,
    email: PLAYER.email,
    passwordHash: await hashPassword(PLAYER.password),
    confirmed: 1,
  });
  const actions = ['ADD', 'UPDATE', 'DELETE'] as const;
  const suggestions = Array.from({ length: SUGGESTIONS }, (_, k) => {
    const action = actions[k % 3];
    const target = `${MAP}_${k * 7}`;
    const element =
      action === 'ADD'
        ? { _id: `pm_bench_${k}`, mapId: MAP, markerDefinitionId: `bench_def_${k % DEFINITIONS}`, ...point() }
        : action === 'UPDATE'
          ? { _id: target, ...point() }
          : { _id: target };
    return parse('suggestion', {
      _id: `sg_bench_${k}`,
      status: 'SAVED',
      type: 'PLACED_MARKER',
      action,
      parentId: MAP,
      userId: PLAYER.id,
      username: PLAYER.username,
      data: JSON.stringify(element),
      targetId: element._id,
    });
  });
  await insertMany(db.kysely, registry.suggestion, suggestions, now);
  await db.close();
  return config;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
const median = (values: number[]) => percentile(values, 50);

/** Presses a button of the suggestion tools and answers the time until the map is drawn as asked. */
function toggle(page: Page, label: string, tinted: boolean): Promise<number> {
  // A string, so that the bundler's helpers do not leak into the page.
  return page.evaluate(`new Promise((resolve, reject) => {
    const button = [...document.querySelectorAll('button')].find((b) => b.textContent === ${JSON.stringify(label)});
    if (!button) return reject(new Error('no button ' + ${JSON.stringify(label)}));
    const before = window.__waypointProbe && window.__waypointProbe.draw;
    const t0 = performance.now();
    button.click();
    const check = () => {
      const h = window.__waypointProbe;
      if (h && h.draw !== before && h.store.tinted === ${tinted} && h.draw.drawn > 0) {
        resolve(performance.now() - t0);
        return;
      }
      if (performance.now() - t0 > 30000) return reject(new Error('not drawn'));
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  })`);
}

/** A click with the place tool, timed until the new marker is drawn. */
async function placeOnce(page: Page, k: number): Promise<number> {
  const box = (await page.locator('[data-testid=map]').boundingBox())!;
  const x = box.x + box.width * (0.3 + ((k * 37) % 40) / 100);
  const y = box.y + box.height * (0.3 + ((k * 53) % 40) / 100);
  await page.evaluate(`(() => {
    window.__placeDraws = window.__waypointProbe.draw.drawn;
    window.addEventListener('pointerdown', () => { window.__placeAt = performance.now(); }, { once: true, capture: true });
  })()`);
  const size = await page.evaluate(`window.__waypointProbe.store.size`);
  await page.mouse.click(x, y);
  const ms = (await page.evaluate(`new Promise((resolve, reject) => {
    const check = () => {
      const h = window.__waypointProbe;
      if (h.draw.extras > 0 || h.store.size > ${size}) {
        resolve(performance.now() - window.__placeAt);
        return;
      }
      if (performance.now() - window.__placeAt > 30000) return reject(new Error('not drawn'));
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  })`)) as number;
  // The answer and the suggestions read again, before the next click.
  await page.waitForFunction(
    (before) => {
      const h = (
        window as unknown as { __waypointProbe: { store: { size: number }; draw: { extras: number } } }
      ).__waypointProbe;
      return h.store.size > before && h.draw.extras === 0;
    },
    size as number,
    { timeout: 30_000 },
  );
  return ms;
}

async function main() {
  // The page's probe tells when markers are drawn: a build with it.
  const webDist = POSTING_ONLY ? path.join(dataDir, 'no-web-build') : probeBuild();
  const config = await prepare();
  const server = await startServerProcess({
    dataDir,
    port,
    env: {
      SEED_DEMO: 'false',
      SUGGESTION_RATE_LIMIT: '100000',
      AUTH_RATE_LIMIT: '100000',
      WEB_DIST: webDist,
      // The webhook comparison's receiver listens on 127.0.0.1.
      WEBHOOK_ALLOW_PRIVATE: 'true',
    },
  });
  const browser = POSTING_ONLY ? undefined : await chromium.launch(chromiumLaunchOptions);
  try {
    const login = async (email: string, password: string) => {
      const res = await fetch(`${base}/api/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      if (!res.ok) throw new Error(`login ${email}: ${res.status}`);
      return ((await res.json()) as { token: string }).token;
    };
    const open = async (token: string) => {
      if (!browser) throw new Error('no browser in BENCH_POSTING_ONLY');
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.addInitScript(() =>
        localStorage.setItem(
          'waypoint-consent',
          JSON.stringify({ necessary: true, analytics: false, advertising: false, decidedAt: '2026-01-01' }),
        ),
      );
      await context.addCookies([{ name: constants.cookieName, value: token, url: base }]);
      const page = await context.newPage();
      const ids = Array.from({ length: DEFINITIONS }, (_, i) => `bench_def_${i}`);
      await page.goto(`${base}/game/${GAME}/maps/${MAP}?markerDefinitions=${ids.join(',')}`);
      await page.waitForFunction(
        () =>
          ((window as unknown as { __waypointProbe?: { draw: { drawnAt: number } } }).__waypointProbe?.draw
            .drawnAt ?? 0) > 0,
        null,
        { timeout: 60_000 },
      );
      return page;
    };

    const browserFigures = POSTING_ONLY ? undefined : await measureInBrowser();
    async function measureInBrowser() {
      // Toggling suggest mode as an admin (everyone's suggestions).
      const adminPage = await open(await login(config.adminEmail, config.adminPassword));
      // The pointer comes to rest on the button before the click, as a user's does.
      await adminPage.getByRole('button', { name: mapMessages.activateSuggestions }).hover();
      await adminPage.waitForTimeout(500);
      const first = await toggle(adminPage, mapMessages.activateSuggestions, true);
      const on: number[] = [];
      const off: number[] = [];
      for (let k = 0; k < TOGGLES; k++) {
        off.push(await toggle(adminPage, editingMessages.deactivateSuggestions, false));
        on.push(await toggle(adminPage, mapMessages.activateSuggestions, true));
      }
      if (process.env.BENCH_PROFILE) {
        const cdp = await adminPage.context().newCDPSession(adminPage);
        await cdp.send('Profiler.enable');
        await toggle(adminPage, editingMessages.deactivateSuggestions, false);
        await cdp.send('Profiler.start');
        await toggle(adminPage, mapMessages.activateSuggestions, true);
        const { profile } = await cdp.send('Profiler.stop');
        const { writeFileSync } = await import('node:fs');
        writeFileSync(process.env.BENCH_PROFILE, JSON.stringify(profile));
      }
      const tinted = (await adminPage.evaluate(
        `(() => { const s = window.__waypointProbe.store; let n = 0; for (let i = 0; i < s.size; i++) if (s.tint[i]) n++; return n; })()`,
      )) as number;
      await adminPage.context().close();
      console.log(
        `suggest mode on (first, with the request): ${first.toFixed(0)} ms; again: median ${median(on).toFixed(0)} ms, max ${Math.max(...on).toFixed(0)} ms; off: median ${median(off).toFixed(0)} ms (${tinted} tinted markers)`,
      );

      // Placing as a player in suggest mode: click to the new marker on screen.
      const playerPage = await open(await login(PLAYER.email, PLAYER.password));
      await toggle(playerPage, mapMessages.activateSuggestions, true);
      await playerPage.getByRole('button', { name: 'Place Definition 00' }).click();
      const places: number[] = [];
      for (let k = 0; k < PLACES; k++) places.push(await placeOnce(playerPage, k));
      await playerPage.context().close();
      console.log(
        `placed suggestion, click to visible: median ${median(places).toFixed(0)} ms, p95 ${percentile(places, 95).toFixed(0)} ms (${PLACES} clicks)`,
      );
      return { first, on, off, places, tinted };
    }

    // 200 players posting marker suggestions at a fixed 200 per second, through the map's call.
    const tokens: string[] = [];
    for (let k = 0; k < POSTERS; k++) tokens.push(await login(`poster${k}@bench.test`, POSTER_PASSWORD));
    const random = mulberry32(7);
    let n = 0;
    const posting = async (connections: number) => {
      const result = await autocannon({
        url: `${base}/api/markers/${MAP}?suggestMode=true`,
        method: 'POST',
        connections,
        overallRate: POST_RATE,
        duration: 10,
        requests: [
          {
            setupRequest: (request) => {
              const k = n++;
              return {
                ...request,
                headers: {
                  'content-type': 'application/json',
                  authorization: `Bearer ${tokens[k % POSTERS]}`,
                },
                body: JSON.stringify({
                  name: `Posted ${k}`,
                  markerDefinitionId: `bench_def_${k % DEFINITIONS}`,
                  lat: -random() * 200,
                  lng: random() * 200,
                }),
              };
            },
          },
        ],
      });
      return {
        rps: Math.round(result.requests.average),
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.non2xx,
        connections,
      };
    };
    const posts = [await posting(1), await posting(10)];
    for (const p of posts)
      console.log(
        `posting at ${POST_RATE} req/s (${POSTERS} users, ${p.connections} connections): ${p.rps} req/s, p50 ${p.p50} ms, p99 ${p.p99} ms, errors ${p.errors}`,
      );

    const ok = (value: number, target: number) => (value <= target ? 'meets' : 'misses');
    await compareWithWebhooks(config, login, posting);
    if (!browserFigures) return;
    const { first, on, off, places, tinted } = browserFigures;
    writeBenchmarkSection(
      'Suggestions',
      `\`npm run bench:suggestions\` — the real server (SQLite) with the built web app; headless Chromium (1280×800, no GPU) on the same 2-core machine. A map of ${MARKERS.toLocaleString('en')} placed markers over ${DEFINITIONS} definitions, every definition enabled, with ${SUGGESTIONS.toLocaleString('en')} open placed-marker suggestions (a third each of ADD, UPDATE and DELETE). Times are taken in the page: from pressing the button (or the click on the map) until the marker canvas has drawn the new state.

| measurement | ms | target |
|---|---:|---|
| suggest mode on, first time (the suggestions read while the pointer rests on the button) | ${first.toFixed(0)} | ≤ 300 (${ok(first, 300)}) |
| suggest mode on again, median of ${TOGGLES} (max ${Math.max(...on).toFixed(0)}) | ${median(on).toFixed(0)} | ≤ 300 (${ok(Math.max(...on), 300)}) |
| suggest mode off, median of ${TOGGLES} | ${median(off).toFixed(0)} | ≤ 300 (${ok(median(off), 300)}) |
| placed suggestion, click to visible, p95 of ${PLACES} (median ${median(places).toFixed(0)}) | ${percentile(places, 95).toFixed(0)} | ≤ 150 (${ok(percentile(places, 95), 150)}) |
${posts.map((p) => `| ${POSTERS} players posting marker suggestions at a fixed ${POST_RATE}/s, ${p.connections} connection${p.connections === 1 ? '' : 's'}: p99 (p50 ${p.p50}; ${p.rps} req/s, ${p.errors} errors) | ${p.p99} | ≤ 30 (${ok(p.p99, 30)}) |`).join('\n')}

${tinted.toLocaleString('en')} markers are drawn tinted in suggest mode (suggestions whose marker another suggestion already tints get a row of their own).

Measured ${new Date().toISOString().slice(0, 10)}, Node ${process.version}.`,
    );
  } finally {
    await browser?.close();
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

interface Posted {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  connections: number;
}

/**
 * The same posting with and without webhooks for the game (one per event, both formats, all to a
 * local receiver that answers at once), alternated twice so that a drift of the machine's load
 * touches both; each run's deliveries are sent by the server while the next requests come in.
 */
async function compareWithWebhooks(
  config: { adminEmail: string; adminPassword: string },
  login: (email: string, password: string) => Promise<string>,
  posting: (connections: number) => Promise<Posted>,
) {
  // The receiver is a process of its own: in this one it would take turns with the load generator.
  const receiver = spawn(
    process.execPath,
    [
      '-e',
      `let n = 0;
      const server = require('node:http').createServer((req, res) => {
        req.resume();
        req.on('end', () => { n++; res.writeHead(204).end(); });
      });
      server.listen(0, '127.0.0.1', () => console.log(server.address().port));
      process.on('SIGTERM', () => { console.log(n); process.exit(0); });`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const lines: string[] = [];
  receiver.stdout.setEncoding('utf8');
  receiver.stdout.on('data', (chunk: string) => lines.push(...chunk.split('\n').filter(Boolean)));
  while (lines.length === 0) await new Promise((r) => setTimeout(r, 20));
  const hookUrl = `http://127.0.0.1:${lines[0]}/hook`;
  const adminToken = await login(config.adminEmail, config.adminPassword);
  const hooksApi = `${base}/api/admin/games/${GAME}/webhooks`;
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` };
  const register = async () => {
    for (const format of ['discord', 'json']) {
      const res = await fetch(hooksApi, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          url: hookUrl,
          secret: 'bench-webhook-secret',
          format,
          events: ['suggestion.created', 'suggestion.decided', 'content.changed', 'comment.created'],
        }),
      });
      if (res.status !== 201) throw new Error(`webhook: ${res.status} ${await res.text()}`);
    }
  };
  const unregister = async () => {
    const list = (await (await fetch(hooksApi, { headers })).json()) as { data: { id: string }[] };
    for (const hook of list.data) await fetch(`${hooksApi}/${hook.id}`, { method: 'DELETE', headers });
  };
  const runs: { hooks: boolean; result: Posted }[] = [];
  try {
    for (const connections of [1, 10]) {
      for (let round = 0; round < 2; round++) {
        runs.push({ hooks: false, result: await posting(connections) });
        await register();
        runs.push({ hooks: true, result: await posting(connections) });
        await unregister();
      }
    }
  } finally {
    const exited = new Promise((r) => receiver.once('exit', r));
    receiver.kill('SIGTERM');
    await exited;
  }
  const received = Number(lines[1] ?? 0);
  const load = execFileSync('uptime').toString().trim();
  const rows = runs.map(
    ({ hooks, result: p }) =>
      `| ${p.connections} | ${hooks ? 'yes (2)' : 'no'} | ${p.p50} | ${p.p99} | ${p.rps} | ${p.errors} |`,
  );
  const worst = (hooks: boolean, connections: number) =>
    Math.max(
      ...runs
        .filter((r) => r.hooks === hooks && r.result.connections === connections)
        .map((r) => r.result.p99),
    );
  const best = (hooks: boolean, connections: number) =>
    Math.min(
      ...runs
        .filter((r) => r.hooks === hooks && r.result.connections === connections)
        .map((r) => r.result.p99),
    );
  const meanP99 = (hooks: boolean, connections: number) => {
    const list = runs.filter((r) => r.hooks === hooks && r.result.connections === connections);
    return list.reduce((sum, r) => sum + r.result.p99, 0) / list.length;
  };
  const summary = [1, 10].map((c) => {
    const ratio = meanP99(true, c) / meanP99(false, c);
    return `${c} connection${c === 1 ? '' : 's'}: p99 without ${best(false, c)}–${worst(false, c)} ms, with ${best(true, c)}–${worst(true, c)} ms; mean with / mean without ${(ratio * 100).toFixed(0)} % (target ≤ 110 %: ${ratio <= 1.1 ? 'meets' : 'misses'})`;
  });
  for (const line of [...rows, ...summary, `${received} deliveries received; ${load}`]) console.log(line);
  writeBenchmarkSection(
    'Suggestion writes with webhooks',
    `\`npm run bench:suggestions\` (or \`BENCH_POSTING_ONLY=1 npm run bench:suggestions\` for this part alone) — the real server (SQLite) as in "Suggestions": ${POSTERS} players posting marker suggestions at a fixed ${POST_RATE}/s for 10 s, without webhooks and with two webhooks for the game (Discord and JSON format, every event) to a local receiver that answers 204 at once, alternated twice per connection count. The deliveries are queued in each suggestion's transaction (two indexed reads and one insert more per request) and sent by the same server process meanwhile, so on a saturated machine the sending competes with the requests for the CPU.

| connections | webhooks | p50 ms | p99 ms | req/s | errors |
|---:|---|---:|---:|---:|---:|
${rows.join('\n')}

${summary.join('; ')}. ${received.toLocaleString('en')} deliveries received. Load while measuring: \`${load}\`.

Measured ${new Date().toISOString().slice(0, 10)}, Node ${process.version}.`,
  );
}

await main();
