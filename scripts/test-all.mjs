// `npm test`: type-check, lint, unit and integration tests on SQLite and on PostgreSQL, the web
// size budget and the browser tests. It sets up what it needs: Debian's Chromium and PostgreSQL are
// installed when missing (as root; otherwise it prints the command and stops), and the PostgreSQL
// suite runs on a throw-away local cluster unless TEST_DATABASE_URL names a database. Prints each
// suite's counts and ends with one line `N passed, N failed` summing them all; exits non-zero on any
// failure. `npm test -- unit postgres` runs only the named suites (typecheck, lint, unit, s3, postgres,
// faults, e2e).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { ensurePackages } from './system-deps.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = mkdtempSync(path.join(tmpdir(), 'waypoint-test-reports-'));
const only = process.argv.slice(2);
const results = [];

/**
 * Runs a command; answers its exit status and seconds. With `log`, its output goes to that file and is
 * printed once it ends (a suite running beside another does not interleave its lines with the other's).
 */
function run(command, args, env = {}, log) {
  const line = `\n$ ${[command, ...args].join(' ')}`;
  if (!log) console.log(line);
  const started = Date.now();
  return new Promise((resolve) => {
    const out = log ? createWriteStream(log) : null;
    const child = spawn(command, args, {
      cwd: root,
      stdio: log ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
    });
    if (out) {
      child.stdout.pipe(out, { end: false });
      child.stderr.pipe(out, { end: false });
    }
    const done = (status) => {
      const seconds = (Date.now() - started) / 1000;
      if (!out) return resolve({ status, seconds });
      out.end(() => {
        console.log(`${line}\n${readFileSync(log, 'utf8')}`);
        resolve({ status, seconds });
      });
    };
    child.on('error', () => done(1));
    child.on('close', (code) => done(code ?? 1));
  });
}

/** One suite's counts, with the seconds its commands took. */
function addResult(result, seconds = 0) {
  results.push({ ...result, seconds: Math.round(seconds) });
}

/** A check without test counts (type-check, lint): one passed or one failed. */
async function check(name, command, args) {
  const { status, seconds } = await run(command, args);
  addResult({ name, passed: status === 0 ? 1 : 0, failed: status === 0 ? 0 : 1 }, seconds);
}

/** A vitest run; with `log`, its output is kept apart until it ends (see run). */
async function vitest(name, env, args, log) {
  const out = path.join(reports, `${name}.json`);
  const { status, seconds } = await run(
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    env,
    log ? path.join(reports, `${name}.log`) : undefined,
  );
  if (!existsSync(out)) return addResult({ name, passed: 0, failed: 1 }, seconds);
  const report = JSON.parse(readFileSync(out, 'utf8'));
  const failed = report.numFailedTests + (status !== 0 && report.numFailedTests === 0 ? 1 : 0);
  const failures = [];
  for (const file of report.testResults ?? []) {
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((a) => a.status === 'failed'))
      failures.push(`${path.relative(root, file.name)}: ${firstLines(file.message)}`);
    for (const a of file.assertionResults ?? [])
      if (a.status === 'failed')
        failures.push(
          `${path.relative(root, file.name)} › ${a.fullName}: ${firstLines(a.failureMessages?.join('\n'))}`,
        );
  }
  addResult({ name, passed: report.numPassedTests, failed, failures }, seconds);
}

async function playwright(name) {
  const out = path.join(reports, `${name}.json`);
  const { status, seconds } = await run(
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: out,
    },
  );
  if (!existsSync(out)) return addResult({ name, passed: 0, failed: 1 }, seconds);
  const report = JSON.parse(readFileSync(out, 'utf8'));
  const { stats } = report;
  const failed = stats.unexpected + stats.flaky + (status !== 0 && stats.unexpected === 0 ? 1 : 0);
  const failures = [];
  const visit = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === 'unexpected' || test.status === 'flaky')
          failures.push(
            `${spec.file}:${spec.line} › ${spec.title} (${test.status}): ` +
              firstLines(test.results?.find((r) => r.error)?.error?.message),
          );
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report.suites ?? []) visit(suite);
  addResult({ name, passed: stats.expected, failed, failures }, seconds);
}

/** The first lines of a failure message, so the end of a long log still says what failed. */
function firstLines(text = '') {
  return stripVTControlCharacters(text).split('\n').slice(0, 6).join('\n    ');
}

const want = (suite) => only.length === 0 || only.includes(suite);

/** Test files that upload, thumbnail, process, bulk-add, remove or serve pictures and tiles. */
const s3Suites = [
  'apps/server/src/features/images/images.test.ts',
  'apps/server/src/features/images/level-images.test.ts',
  'apps/server/src/features/images/tile-versions.test.ts',
  'apps/server/src/features/images/image-cache.test.ts',
  'apps/server/src/features/images/demo-images.test.ts',
  'apps/server/src/features/images/image-jobs.test.ts',
  'apps/server/src/features/suggestions/suggestions.test.ts',
];

const needs = [
  ...(want('postgres') || want('faults') ? ['postgresql'] : []),
  ...(want('postgres') ? ['pgbouncer'] : []),
  ...(want('e2e') ? ['chromium', 'fonts'] : []),
  ...(want('unit') ? ['chromium', 'fonts'] : []),
];
if (!ensurePackages(needs)) {
  console.log('\n0 passed, 1 failed');
  process.exit(1);
}
process.env.CHROMIUM_PATH ||= '/usr/bin/chromium';

/** A throw-away PostgreSQL cluster for the PostgreSQL suite, unless TEST_DATABASE_URL names one. */
let ownCluster = false;
if (want('postgres') && !process.env.TEST_DATABASE_URL) {
  const cluster = path.join(root, 'scripts/pg-test-cluster.sh');
  const alreadyRunning = spawnSync(cluster, ['status'], { stdio: 'ignore' }).status === 0;
  try {
    process.env.TEST_DATABASE_URL = execFileSync(cluster, ['start'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    }).trim();
    // A cluster that was already running (a developer's) is left running afterwards.
    ownCluster = !alreadyRunning;
  } catch {
    console.log('PostgreSQL did not start (scripts/pg-test-cluster.sh start)');
    addResult({ name: 'PostgreSQL cluster', passed: 0, failed: 1 });
  }
}
const stopCluster = () => {
  if (ownCluster) spawnSync(path.join(root, 'scripts/pg-test-cluster.sh'), ['stop'], { stdio: 'inherit' });
  ownCluster = false;
};
process.on('exit', stopCluster);

if (want('typecheck')) await check('typecheck', 'npm', ['run', '--silent', 'typecheck']);
if (want('lint')) await check('lint', 'npx', ['biome', 'check', '.']);
// vitest runs one worker (its tests are CPU-bound; two were slower on two cores), so the SQLite and
// PostgreSQL suites run side by side, one core each; the PostgreSQL suite's output is printed when it
// ends. The S3 variant follows the SQLite suite in its lane.
const sqliteLane = async () => {
  if (want('unit'))
    await vitest('unit+integration (SQLite)', { TEST_DATABASE_URL: '' }, [
      '--project',
      'shared',
      '--project',
      'web',
      '--project',
      'web-browser',
      '--project',
      'server',
      '--project',
      'server-registry',
    ]);
  // The suites that store pictures and tiles run once more on object storage (a real S3 server each
  // test file starts on loopback); the rest of the server does not touch the storage.
  if (want('s3'))
    await vitest('pictures and tiles on S3 storage (SQLite)', { TEST_DATABASE_URL: '', TEST_STORAGE: 's3' }, [
      '--project',
      'server',
      ...s3Suites,
    ]);
};
const postgresLane = async () => {
  if (want('postgres') && process.env.TEST_DATABASE_URL) {
    await vitest(
      'integration (PostgreSQL)',
      {},
      ['--project', 'server', '--project', 'server-registry'],
      true,
    );
    // The permission matrix once more with the app's pool going through PgBouncer in transaction
    // mode (apps/server/src/test/pgbouncer.ts), as a site behind a pooler runs.
    await vitest(
      'permissions through PgBouncer (PostgreSQL)',
      { TEST_PGBOUNCER: '1' },
      ['--project', 'server', 'apps/server/src/features/auth/permissions.test.ts'],
      true,
    );
  }
};
await Promise.all([sqliteLane(), postgresLane()]);
// Latency-under-load files run alone, after both engines' suites, so no other test shares the cores.
if (want('unit')) await vitest('load (SQLite)', { TEST_DATABASE_URL: '' }, ['--project', 'load']);
if (want('postgres') && process.env.TEST_DATABASE_URL) {
  await vitest('load (PostgreSQL)', {}, ['--project', 'load']);
  stopCluster();
}
// Faults run on a PostgreSQL cluster of their own (they crash it), not on the suite's, and alone:
// some bound how long the server takes to answer while the database misbehaves.
if (want('faults'))
  await vitest('faults (PostgreSQL crash, stop, cut, slow; kill -9 mid-work)', {}, ['--project', 'faults']);
if (want('e2e')) {
  // The server's production build is checked here; the web app is built once, by the browser
  // suite's own server (e2e/playwright.config.ts), which fails the suite if it does not build.
  const built = await run('npm', ['run', 'build', '-w', 'apps/server']);
  if (built.status !== 0) addResult({ name: 'server build', passed: 0, failed: 1 }, built.seconds);
  else await playwright('browser (Playwright, Chromium)');
}

const failures = results.flatMap((r) => (r.failures ?? []).map((f) => `  [${r.name}] ${f}`));
if (failures.length > 0) console.log(`\nFailures:\n${failures.join('\n')}`);
console.log('\nSuites:');
for (const r of results) console.log(`  ${r.name}: ${r.passed} passed, ${r.failed} failed (${r.seconds} s)`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
