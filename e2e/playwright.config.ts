import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from '../scripts/chromium.mjs';

/**
 * A free TCP port, found once by the main process; workers inherit it through the environment. It is
 * taken below Linux's ephemeral range (32768 and up): the server listens on it only after the web app
 * is built, and a port from that range could meanwhile be taken by an outgoing connection.
 */
function freePort(): string {
  return execFileSync(process.execPath, [
    '-e',
    `const net=require('net');
const tryPort=(n)=>{const port=20000+Math.floor(Math.random()*12000);const s=net.createServer();
s.once('error',()=>n>0?tryPort(n-1):process.exit(1));
s.listen(port,'127.0.0.1',()=>{process.stdout.write(String(port));s.close()})};
tryPort(50)`,
  ])
    .toString()
    .trim();
}

process.env.WAYPOINT_E2E_PORT ??= freePort();
process.env.WAYPOINT_E2E_DATA ??= mkdtempSync(path.join(tmpdir(), 'waypoint-e2e-'));
const port = process.env.WAYPOINT_E2E_PORT;
const baseURL = `http://127.0.0.1:${port}`;
const root = path.resolve(import.meta.dirname, '..');
// The run builds its own copy of the web app, so that other builds of apps/web/dist cannot disturb it.
const webDist = path.join(process.env.WAYPOINT_E2E_DATA, 'web');

/** Journeys that stage, accept or reject imports on the site under test. */
const stagingJourneys = /\/import-[^/]*\.spec\.ts$/;

export default defineConfig({
  testDir: 'tests',
  globalTeardown: './support/teardown.ts',
  // Results of this run only (runs in parallel checkouts do not share them).
  outputDir: path.join(process.env.WAYPOINT_E2E_DATA, 'test-results'),
  fullyParallel: true,
  workers: 2,
  // A flaky test is a bug: no retries.
  retries: 0,
  // Journeys check behaviour, not speed (benchmarks measure speed): on a slow 2-core machine a long
  // journey (log in, open a map, reload) or a cold page chunk can take several times its usual time.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 900 },
    // Recording a trace costs a journey about 40 % of its time even when the trace is then thrown
    // away (docs/benchmarks.md, "Test run"); to diagnose a failure, run with `--trace retain-on-failure`.
    trace: 'off',
    // Pictures for a person to look at are taken only with WAYPOINT_REVIEW_SHOTS set (support/review-shot.ts).
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions,
    // Journeys test the pages, and several answer requests in the browser (page.route), which a
    // service worker's cache would bypass: only offline.spec.ts lets the worker run.
    serviceWorkers: 'block',
  },
  // Journeys that stage imports share the site's one staging area (accept all and reject all act on
  // every staged record of a model), so they run one at a time, beside the other journeys; listed
  // first, that one-at-a-time chain starts at once instead of after the rest.
  projects: [
    { name: 'staging', testMatch: stagingJourneys, workers: 1 },
    { name: 'journeys', testIgnore: stagingJourneys },
  ],
  // The real server (migrates, seeds) on a fresh data folder, serving a fresh build of the web app.
  // It runs as production runs it: built (apps/server/dist) on plain node, its media workers too —
  // from the TypeScript sources every picture's child process would first load the TypeScript loader.
  webServer: {
    command: `node node_modules/vite/bin/vite.js build apps/web --outDir "${webDist}" --emptyOutDir --logLevel warn && node apps/server/scripts/build.mjs && node --enable-source-maps apps/server/dist/main.js`,
    cwd: root,
    url: `${baseURL}/api/games`,
    timeout: 180_000,
    reuseExistingServer: false,
    // The server's errors (a 5xx answer logs its cause) are printed with the run's output.
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: port,
      HOST: '127.0.0.1',
      DATA_DIR: process.env.WAYPOINT_E2E_DATA,
      WEB_HOST: baseURL,
      LOG_LEVEL: 'error',
      AUTH_RATE_LIMIT: '1000',
      // Every journey registers its own users and logs in from the same address.
      REGISTER_RATE_LIMIT: '1000',
      FORGOT_PASSWORD_RATE_LIMIT: '1000',
      CHANGE_PASSWORD_RATE_LIMIT: '1000',
      LOGIN_FAILURE_LIMIT: '1000',
      // The journeys' reads all come from one address, and an admin's write makes the next reads of
      // every running journey compute their answers again: a player's budget would be spent at once.
      READ_MISSES_PER_SECOND: '1000',
      READ_MISS_BURST: '1000',
      WEB_DIST: webDist,
      // Journeys check behaviour, not capacity: on two cores shared with two browsers the server can be
      // starved of CPU for a second, which the event-loop check takes for overload and answers 503 to
      // whatever journey asks next. Load shedding has its own tests (apps/server/src/features/ops).
      MAX_EVENT_LOOP_DELAY_MS: '0',
      // Suggested images are fetched when suggested; the journeys link images this server serves.
      ALLOW_LOOPBACK_FETCH: 'true',
      // The webhook journey's receiver listens on 127.0.0.1.
      WEBHOOK_ALLOW_PRIVATE: 'true',
      // The build carries the map's probe (apps/web/src/features/map/probe.ts), which the journeys
      // read; production builds leave it out.
      WAYPOINT_PROBE: '1',
      // Site services at hosts that do not exist: every journey answers them in the browser
      // (support/fixtures.ts), so nothing leaves the machine; services.spec.ts checks the gating.
      ADS_CLIENT: 'ca-pub-0000000000000000',
      ADS_SCRIPT_SRC: 'http://ads.waypoint.test/pagead/js/adsbygoogle.js',
      ADS_SLOTS: 'default=1000000001,quest_bottom_center=1000000002',
      ANALYTICS_SRC: 'http://analytics.waypoint.test/js/script.manual.js',
      ANALYTICS_DOMAIN: 'waypoint.test',
      SENTRY_DSN: 'http://publickey@sentry.waypoint.test/1',
      SENTRY_RELEASE: 'waypoint@e2e',
    },
  },
});
