/**
 * `npm run bench:import`: a generated DataMaps page of BENCH_MARKERS markers (default 20,000) on three
 * floors is read and staged on a map (goal ≤ 10 s); the admin's review page of those staged markers
 * is opened in headless Chromium (1440×900) from this server with the built web app (goal:
 * interactive ≤ 1 s; `--no-page` leaves it out); then they are accepted through the review and the
 * page is staged again unchanged (stages nothing). Then the same for a generated tarkov.dev answer of BENCH_TASKS tasks
 * (default 400) and ten hideout stations read into a game. SQLite by default, PostgreSQL when
 * DATABASE_URL names one. `--write` updates docs/benchmarks.md "Import (DataMaps, <engine>)" and
 * "Import (tarkov.dev, <engine>)".
 */
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { adminMessages } from '@waypoint/shared/admin-messages';
import { constants } from '@waypoint/shared/constants';
import { generatedTarkovDevAnswer } from '@waypoint/shared/interop/fixtures/tarkov-dev-answer';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../../../scripts/chromium.mjs';
import { acceptImports } from '../src/features/imports/review.ts';
import { stageContent } from '../src/features/interop/content-import.ts';
import { wikiLookalikes } from '../src/features/interop/fixtures/datamaps-wiki.ts';
import { stageTarkovDev } from '../src/features/interop/tarkov-import.ts';
import { benchAdmin, inProcessBenchApp } from './bench-data.ts';
import { writeBenchmarkSection } from './update-doc.ts';

const markers = Number(process.env.BENCH_MARKERS ?? 20_000);
const measurePage = !process.argv.includes('--no-page');
const webDir = path.resolve(import.meta.dirname, '../../web');
const { app, dataDir, engine } = await inProcessBenchApp('import', {
  webDist: measurePage ? path.join(webDir, 'dist') : undefined,
});
const actor = { id: null, username: 'bench' };
const mapId = `bench_dm_${Date.now().toString(36)}`;
await app.ctx.writer.create('game', { _id: `${mapId}_game`, name: 'Bench' }, actor);
await app.ctx.writer.create('map', { _id: mapId, gameId: `${mapId}_game`, name: 'Bench map' }, actor);

/** `--only datamaps`, `--only wiki-page` or `--only tarkov-dev` measures one of them. */
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
let started = 0;
const median = (values: number[]) =>
  Math.round([...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN);
/** `uptime` just before the review page is measured. */
let pageLoad = '—';

if (!only || only === 'datamaps') await dataMaps();
if (!only || only === 'wiki-page') await wikiPage();
if (!only || only === 'tarkov-dev') await tarkovDev();
await app.close();
rmSync(dataDir, { recursive: true, force: true });

async function dataMaps() {
  const groups = ['ore', 'chest', 'camp', 'note', 'boss'];
  const page = {
    $schema: 'https://wiki.gg/extensions/DataMaps/schemas/v17.4.json',
    crs: [
      [0, 0],
      [1000, 1000],
    ],
    backgrounds: ['Surface', 'Caves', 'Tower'].map((name) => ({
      name,
      image: `${name}.png`,
      associatedLayer: name.toLowerCase(),
    })),
    groups: Object.fromEntries(
      groups.map((g, i) => [
        g,
        i % 2
          ? { name: g, pinColor: '#ff0000' }
          : { name: g, fillColor: '#00ff00', size: 8, isCollectible: true },
      ]),
    ),
    categories: { rare: { name: 'Rare' } },
    markers: {} as Record<string, unknown[]>,
  };
  for (let i = 0; i < markers; i++) {
    const key = `${groups[i % groups.length]}${i % 7 ? '' : ' rare'} bg:${['surface', 'caves', 'tower'][i % 3]}`;
    page.markers[key] ??= [];
    page.markers[key].push({
      id: `m${i}`,
      x: (i * 104729) % 1000,
      y: (i * 7919) % 1000,
      name: `Marker ${i}`,
      description: i % 4 ? `Found near [[Place ${i % 50}|place]] ${i}` : undefined,
    });
  }
  const content = JSON.stringify(page);
  const input = { mapId, format: 'datamaps' as const, content, source: 'Map:Bench' };

  started = performance.now();
  const first = await stageContent(app.ctx, input, actor);
  const stageMs = performance.now() - started;
  console.log(`${engine}: staged ${JSON.stringify(first.staged)} in ${Math.round(stageMs)} ms`);
  const { review: pageTimes, home: homeTimes } = measurePage
    ? await reviewPage(first.staged.placedmarker)
    : { review: [], home: [] };
  if (measurePage)
    console.log(
      `${engine}: review page interactive in ${median(pageTimes)} ms (${pageTimes.join(', ')}); admin home ${median(homeTimes)} ms (${homeTimes.join(', ')})`,
    );
  started = performance.now();
  for (const key of ['maplevel', 'markerdefinition', 'placedmarker'] as const)
    await acceptImports(app.ctx, key, {}, actor);
  const acceptMs = performance.now() - started;
  console.log(`${engine}: accepted in ${Math.round(acceptMs)} ms`);
  started = performance.now();
  const again = await stageContent(app.ctx, input, actor);
  const againMs = performance.now() - started;
  const againStaged = Object.values(again.staged).reduce((a, b) => a + b, 0);
  console.log(
    `${engine}: re-import staged ${againStaged} (${again.unchanged} unchanged) in ${Math.round(againMs)} ms`,
  );
  if (againStaged !== 0) throw new Error('An unchanged re-import staged records');
  const load = loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

  const body = `\`npm run bench:import\` on ${engine} — a generated DataMaps page of ${markers.toLocaleString('en')} markers on three floors (${(content.length / 1024 / 1024).toFixed(1)} MB) read into one map, milliseconds.${measurePage ? ` The review page is this server (in this process, with the built web app) opened in headless Chromium as the admin: it asks for one page of ${constants.importedModelPageSize} staged rows (paged, sorted and counted by the database) and the models' description, both while the page's code loads; the admin home page, measured alternately, shows what the admin panel itself costs under the same load.${process.env.BENCH_COLD === '1' ? ' Every load starts with an empty HTTP cache (`BENCH_COLD=1`: the first visit after a release).' : ''}` : ''}

| step | ms | goal |
|---|---:|---|
| read, check and stage (${first.staged.placedmarker.toLocaleString('en')} markers, ${first.staged.markerdefinition} definitions, ${first.staged.maplevel} floors) | ${Math.round(stageMs)} | ≤ 10,000 |
| accept everything through the review (one write path, audit) | ${Math.round(acceptMs)} | — |
| stage the same page again (stages ${againStaged}) | ${Math.round(againMs)} | ≤ 10,000, stages nothing |
| Import review page: the staged markers' review interactive after navigation (median of ${pageTimes.length} after a warm-up; summary and first rows on screen, their buttons ready; Chromium 1440×900) | ${measurePage ? `${median(pageTimes)} (${pageTimes.join(', ')})` : 'not run (--no-page)'} | ≤ 1,000 |
| for scale: the admin home page (a few links, no list) the same way, loads alternating with the review's | ${measurePage ? `${median(homeTimes)} (${homeTimes.join(', ')})` : 'not run (--no-page)'} | — |

Load average at the end ${load} (\`uptime\` before the page loads: ${pageLoad}); measured ${new Date().toISOString().slice(0, 10)}, Node ${process.version}.`;
  if (process.argv.includes('--write')) writeBenchmarkSection(`Import (DataMaps, ${engine})`, body);
}

/**
 * The import review page of the staged markers, served by this server with the built web app, opened
 * in headless Chromium as the admin: ms from navigation until the summary (the row count) and the
 * first row are on screen and its buttons would take a click. The first load fills the browser's
 * cache of the page's code, as a returning admin has it; `BENCH_LOADS` (default 5) loads follow.
 */
async function reviewPage(total: number): Promise<{ review: number[]; home: number[] }> {
  // A build of the sources as they are (a build left from earlier may predate them).
  execFileSync(
    process.execPath,
    [path.resolve(webDir, '../../node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    { cwd: webDir, stdio: 'inherit' },
  );
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  const token = (await benchAdmin(app)).authorization.replace(/^Bearer /, '');
  pageLoad = execFileSync('uptime').toString().trim();
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    // Consent already given, as a returning admin has it (the page runs in the browser, not here).
    await context.addInitScript({
      content: `localStorage.setItem('waypoint-consent', ${JSON.stringify(
        JSON.stringify({ necessary: true, analytics: false, advertising: false, decidedAt: '2026-01-01' }),
      )})`,
    });
    await context.addCookies([{ name: constants.cookieName, value: token, url: base }]);
    const tab = await context.newPage();
    // BENCH_COLD=1: every load with an empty HTTP cache, as the first visit after a release.
    const cdp = process.env.BENCH_COLD === '1' ? await context.newCDPSession(tab) : undefined;
    const summary = adminMessages.pagination(1, constants.importedModelPageSize, total);
    // Milliseconds from navigation until the page is ready.
    const load = async (address: string, ready: () => Promise<void>) => {
      await tab.goto('about:blank');
      await cdp?.send('Network.clearBrowserCache');
      await tab.goto(`${base}${address}`);
      await ready();
      return Math.round(await tab.evaluate(() => performance.now()));
    };
    const review: number[] = [];
    const home: number[] = [];
    for (let i = 0; i <= Number(process.env.BENCH_LOADS ?? 5); i++) {
      const reviewMs = await load('/admin/imports?model=placedmarker', async () => {
        const table = tab.getByTestId('import-review');
        await table.getByText(summary, { exact: true }).waitFor();
        const row = table.locator('tbody tr').first();
        await row.getByRole('button', { name: adminMessages.accept, exact: true }).click({ trial: true });
        await row.getByRole('button', { name: adminMessages.showDiff, exact: true }).click({ trial: true });
      });
      const homeMs = await load('/admin', () =>
        tab.getByRole('link', { name: adminMessages.imports, exact: true }).first().click({ trial: true }),
      );
      if (i > 0) {
        review.push(reviewMs);
        home.push(homeMs);
      }
    }
    return { review, home };
  } finally {
    await browser.close();
  }
}

/**
 * The largest real wiki page of the test fixtures (a look-alike of the published page, pages before v17,
 * with the fragment it includes) read, staged and accepted into a map of its own.
 */
async function wikiPage() {
  const dump = wikiLookalikes();
  const page = dump.pages.reduce((a, b) =>
    (dump.files[a]?.length ?? 0) >= (dump.files[b]?.length ?? 0) ? a : b,
  );
  const fragments = Object.entries(dump.files)
    .filter(([name]) => name !== page)
    .map(([name, content]) => ({ name, content }));
  const wikiMap = `${mapId}_wiki`;
  await app.ctx.writer.create('map', { _id: wikiMap, gameId: `${mapId}_game`, name: 'Wiki map' }, actor);
  const input = {
    mapId: wikiMap,
    format: 'datamaps' as const,
    content: dump.files[page]!,
    source: page,
    fragments,
  };
  started = performance.now();
  const staged = await stageContent(app.ctx, input, actor);
  const stageMs = performance.now() - started;
  started = performance.now();
  for (const key of ['maplevel', 'markerdefinition', 'placedmarker'] as const)
    await acceptImports(app.ctx, key, {}, actor);
  const acceptMs = performance.now() - started;
  const load = loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
  console.log(
    `${engine}: wiki page ${page}: staged ${JSON.stringify(staged.staged)} in ${Math.round(stageMs)} ms, accepted in ${Math.round(acceptMs)} ms`,
  );
  const body = `\`npm run bench:import\` on ${engine} — the largest real wiki page of the test fixtures (\`${page}\`, a look-alike of the published page: format before v17, ${(dump.files[page]!.length / 1024).toFixed(0)} KB, with the ${fragments.length} pages of its wiki dump offered as fragments) read into a map of its own, milliseconds.

| step | ms | goal |
|---|---:|---|
| read, convert, resolve fragments, check and stage (${staged.staged.placedmarker?.toLocaleString('en')} markers, ${staged.staged.markerdefinition} definitions) | ${Math.round(stageMs)} | ≤ 2,000 |
| accept everything through the review | ${Math.round(acceptMs)} | ≤ 3,000 |

Load average at the end ${load}; measured ${new Date().toISOString().slice(0, 10)}, Node ${process.version}.`;
  if (process.argv.includes('--write')) writeBenchmarkSection(`Import (real wiki page, ${engine})`, body);
}

async function tarkovDev() {
  // A tarkov.dev answer read into a game of its own.
  const tasks = Number(process.env.BENCH_TASKS ?? 400);
  const tarkovGame = `${mapId}_eft`;
  await app.ctx.writer.create('game', { _id: tarkovGame, name: 'Bench tarkov' }, actor);
  const answer = JSON.stringify(generatedTarkovDevAnswer(tasks));
  const tarkovInput = { gameId: tarkovGame, content: answer, source: 'tarkov.dev' };
  started = performance.now();
  const tarkovFirst = await stageTarkovDev(app.ctx, tarkovInput, actor);
  const tarkovStageMs = performance.now() - started;
  console.log(
    `${engine}: tarkov.dev staged ${JSON.stringify(tarkovFirst.staged)} in ${Math.round(tarkovStageMs)} ms`,
  );
  started = performance.now();
  for (const key of ['trader', 'hideoutmodule', 'quest', 'item'] as const)
    await acceptImports(app.ctx, key, {}, actor);
  const tarkovAcceptMs = performance.now() - started;
  started = performance.now();
  const tarkovAgain = await stageTarkovDev(app.ctx, tarkovInput, actor);
  const tarkovAgainMs = performance.now() - started;
  const tarkovAgainStaged = Object.values(tarkovAgain.staged).reduce((a, b) => a + b, 0);
  console.log(
    `${engine}: tarkov.dev re-import staged ${tarkovAgainStaged} (${tarkovAgain.unchanged} unchanged) in ${Math.round(tarkovAgainMs)} ms`,
  );
  if (tarkovAgainStaged !== 0) throw new Error('An unchanged tarkov.dev re-import staged records');
  const tarkovLoad = loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

  const staged = tarkovFirst.staged as Record<'trader' | 'hideoutmodule' | 'quest' | 'item', number>;
  const tarkovBody = `\`npm run bench:import\` on ${engine} — a generated tarkov.dev answer of ${tasks} tasks (every third needing two earlier tasks) and 10 hideout stations (${(answer.length / 1024).toFixed(0)} KB) read into one game, milliseconds.

| step | ms | goal |
|---|---:|---|
| read, check and stage (${staged.quest} quests, ${staged.item} items, ${staged.trader} traders, ${staged.hideoutmodule} hideout modules) | ${Math.round(tarkovStageMs)} | ≤ 10,000 |
| accept everything through the review (one write path, audit) | ${Math.round(tarkovAcceptMs)} | — |
| stage the same answer again (stages ${tarkovAgainStaged}) | ${Math.round(tarkovAgainMs)} | ≤ 10,000, stages nothing |

Load average at the end ${tarkovLoad}; measured ${new Date().toISOString().slice(0, 10)}, Node ${process.version}.`;
  if (process.argv.includes('--write')) writeBenchmarkSection(`Import (tarkov.dev, ${engine})`, tarkovBody);
}
