// `TEST_DATABASE_URL=… tsx bench/pgbouncer.bench.ts` — a light side-by-side of completion ticks on
// the test cluster: one in-process app straight at PostgreSQL with named statements, one straight
// with them off, one through PgBouncer in transaction mode (Debian's, named statements off), each on
// its own database with the test content and 50 players; 20 ticks in flight per app through
// `inject` (no HTTP), a warm-up turn each, then alternating 4-second turns. Prints a Markdown table and the load average.
import { readFileSync } from 'node:fs';
import {
  createContent,
  createTestApp,
  createUser,
  type TestApp,
  type TestUser,
} from '../src/test/test-app.ts';

const url = process.env.TEST_DATABASE_URL;
if (!url) throw new Error('set TEST_DATABASE_URL (scripts/pg-test-cluster.sh start)');
const turnMs = Number(process.env.BENCH_TURN_MS ?? 4000);
const turns = Number(process.env.BENCH_TURNS ?? 2);
const inFlight = 20;
const markers = ['pm_0', 'pm_1', 'pm_2', 'pm_3', 'pm_4'];
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

interface Variant {
  name: string;
  t: TestApp;
  players: TestUser[];
  rates: number[];
  latencies: number[];
}

async function variant(name: string, pgbouncer: boolean, named: boolean): Promise<Variant> {
  const t = await createTestApp({ databasePreparedStatements: named }, { pgbouncer });
  await createContent(t);
  const players: TestUser[] = [];
  for (let i = 0; i < 50; i++) players.push(await createUser(t));
  return { name, t, players, rates: [], latencies: [] };
}

async function turn(v: Variant) {
  let n = 0;
  let failed = 0;
  const until = performance.now() + turnMs;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async (_, lane) => {
      for (let i = lane; performance.now() < until; i += inFlight) {
        const player = v.players[i % v.players.length]!;
        const at = performance.now();
        const res = await v.t.app.inject({
          method: 'POST',
          url: `/api/usercompletedmarkers/markCompleted/${markers[Math.floor(i / v.players.length) % markers.length]}`,
          headers: player.auth,
        });
        v.latencies.push(performance.now() - at);
        if (res.statusCode === 200) n++;
        else failed++;
      }
    }),
  );
  if (failed) throw new Error(`${v.name}: ${failed} ticks failed`);
  v.rates.push(Math.round((n * 1000) / (performance.now() - started)));
}

const before = load();
const variants = [
  await variant('straight to PostgreSQL, named statements', false, true),
  await variant('straight to PostgreSQL, unnamed statements', false, false),
  await variant('through PgBouncer (transaction mode), unnamed statements', true, false),
];
// A warm-up turn each (JIT, connections, the kept sessions and lookups), not counted.
for (const v of variants) {
  await turn(v);
  v.rates.length = 0;
  v.latencies.length = 0;
}
for (let i = 0; i < turns; i++) for (const v of variants) await turn(v);
const after = load();
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * p)]!;
console.log('| app | ticks/s per turn | p50 ms | p99 ms |\n|---|---|---:|---:|');
for (const v of variants)
  console.log(
    `| ${v.name} | ${v.rates.join(', ')} | ${pct(v.latencies, 0.5).toFixed(1)} | ${pct(v.latencies, 0.99).toFixed(1)} |`,
  );
console.log(`\nload average (1, 5, 15 min) ${before} before, ${after} after; Node ${process.version}`);
for (const v of variants) await v.t.close();
