/**
 * `npm run bench:pg`: Waypoint's ticks on PostgreSQL against pgbench running the same statements.
 *
 * A throw-away cluster of its own (`pg-cluster.ts`: production durability, pg_stat_statements), the
 * demo seed plus a map of 5,000 placed markers, 100 quests, 100 items and 2,000 players with a
 * session each. For a completion tick, a quest tick and an item count: the statements one request
 * sends are read from the server's statement log (`log_statement = all` for one request), written
 * into a pgbench script with the player, their session and the target as variables, and then, in
 * alternating turns, Waypoint's production build is loaded over HTTP (autocannon) and pgbench runs
 * that script against the same database with as many clients. Prints ticks/s, p50/p99, the ratio,
 * and what a tick costs PostgreSQL: statements (each one round trip) from pg_stat_statements and
 * CPU from /proc (PostgreSQL's processes, the server's, the load generator's).
 *
 * `PG_BENCH_BASELINE=<another build's main.js>` loads that build too, in the same turns (before and
 * after a change). `--write` writes the figures into docs/benchmarks.md.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { registry } from '@waypoint/shared';
import autocannon from 'autocannon';
import { SignJWT } from 'jose';
import pg from 'pg';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest, migrations } from '../src/db/migrate.ts';
import { seedIfEmpty } from '../src/db/seed.ts';
import { insertMany } from '../src/features/models/models.repository.ts';
import { cpuSeconds, loadAverage, startBenchCluster, treeCpuSeconds } from './pg-cluster.ts';
import { startServerProcess } from './server-process.ts';
import { writeBenchmarkSection } from './update-doc.ts';

const PLAYERS = 2000;
const MARKERS = 5000;
const QUESTS = 100;
const ITEMS = 100;
const CONNECTIONS = Number(process.env.PG_BENCH_CONNECTIONS ?? 20);
const SECONDS = Number(process.env.PG_BENCH_SECONDS ?? 8);
const TURNS = Number(process.env.PG_BENCH_TURNS ?? 2);
const GAME = 'frontier_zone';
const MAP = 'pg_bench_map';
/** Ids are numbers written as text, so that pgbench (whose variables are numbers) can name them. */
const USER_BASE = 1_000_000;
const SESSION_BASE = 2_000_000;
const MARKER_BASE = 3_000_000;
const QUEST_BASE = 4_000_000;
const ITEM_BASE = 5_000_000;
const DATABASE = 'waypoint_bench';
const baseline = process.env.PG_BENCH_BASELINE;
/** `PG_BENCH_ONLY=marker` (or quest, item): that kind only. */
const only = process.env.PG_BENCH_ONLY;
/** Options for the servers' node (e.g. `--cpu-prof --cpu-prof-dir=…` to see where a tick's time goes). */
const nodeArgs = process.env.PG_BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
const write = process.argv.includes('--write');

const PORT = 26_000 + Math.floor(Math.random() * 500);
const HTTP_PORT = 3950 + Math.floor(Math.random() * 40);
const work = mkdtempSync(path.join(os.tmpdir(), 'waypoint-pg-bench-run-'));
const dataDir = path.join(work, 'site');

interface Kind {
  key: string;
  name: string;
  base: number;
  count: number;
  /** The request of player `n` for target `t` (both indexes). */
  request(target: string): { method: 'GET' | 'POST'; path: string };
}

const kinds: Kind[] = [
  {
    key: 'marker',
    name: 'POST /api/usercompletedmarkers/markCompleted/{id}',
    base: MARKER_BASE,
    count: MARKERS,
    request: (id) => ({ method: 'POST', path: `/api/usercompletedmarkers/markCompleted/${id}` }),
  },
  {
    key: 'quest',
    name: 'GET /api/user/quest/complete/{game}/{quest}',
    base: QUEST_BASE,
    count: QUESTS,
    request: (id) => ({ method: 'GET', path: `/api/user/quest/complete/${GAME}/${id}` }),
  },
  {
    key: 'item',
    name: 'GET /api/user/itemstokeep/setItemQuantity/… +1',
    base: ITEM_BASE,
    count: ITEMS,
    request: (id) => ({
      method: 'GET',
      path: `/api/user/itemstokeep/setItemQuantity/${GAME}/${id}/false/+1`,
    }),
  },
];

const userId = (n: number) => String(USER_BASE + n);
const sessionId = (n: number) => String(SESSION_BASE + n);

/** The site: the demo seed, the bench map's markers, quests and items, players with their tokens. */
async function prepare(databaseUrl: string): Promise<string[]> {
  const config = loadConfig({}, { dataDir, logLevel: 'warn', databaseUrl });
  const db = openDatabase(config);
  try {
    await migrateToLatest(db);
    await seedIfEmpty(db, config);
    const now = new Date().toISOString();
    const k = db.kysely;
    await insertMany(
      k,
      registry.map,
      [registry.map.schema.parse({ _id: MAP, name: 'Bench', gameId: GAME })],
      now,
    );
    const markers = Array.from({ length: MARKERS }, (_, i) =>
      registry.placedmarker.schema.parse({
        _id: String(MARKER_BASE + i),
        mapId: MAP,
        markerDefinitionId: 'quest_objective',
        name: `Marker ${i}`,
        lat: -((i * 7919) % 4096) / 32,
        lng: ((i * 104_729) % 4096) / 32,
      }),
    );
    for (let at = 0; at < markers.length; at += 500)
      await insertMany(k, registry.placedmarker, markers.slice(at, at + 500), now);
    const quests = Array.from({ length: QUESTS }, (_, i) =>
      registry.quest.schema.parse({ _id: String(QUEST_BASE + i), gameId: GAME, name: `Bench quest ${i}` }),
    );
    await insertMany(k, registry.quest, quests, now);
    // Needs far above what a run counts up to, so that every +1 is a change.
    const items = Array.from({ length: ITEMS }, (_, i) =>
      registry.item.schema.parse({
        _id: String(ITEM_BASE + i),
        gameId: GAME,
        itemName: `Bench item ${i}`,
        required: [{ questId: String(QUEST_BASE + i), quantity: 1_000_000, findOnly: false }],
      }),
    );
    await insertMany(k, registry.item, items, now);
    const users = Array.from({ length: PLAYERS }, (_, n) => ({
      id: userId(n),
      username: `pgb${n}`,
      usernameKey: `pgb${n}`,
      email: `pgb${n}@bench.test`,
      passwordHash: 'not-a-hash: these players never log in with a password',
      admin: 0,
      confirmed: 1,
      confirmHash: null,
      confirmExpires: null,
      recoveryHash: null,
      recoveryExpires: null,
      createdAt: now,
    }));
    const expires = new Date(Date.now() + 24 * 3600_000);
    const sessions = users.map((user, n) => ({
      id: sessionId(n),
      userId: user.id,
      createdAt: now,
      expiresAt: expires.toISOString(),
      revokedAt: null,
    }));
    for (let at = 0; at < PLAYERS; at += 500) {
      await k
        .insertInto('user')
        .values(users.slice(at, at + 500))
        .execute();
      await k
        .insertInto('session')
        .values(sessions.slice(at, at + 500))
        .execute();
    }
    const key = new TextEncoder().encode(config.jwtSecret);
    return Promise.all(
      users.map((user, n) =>
        new SignJWT({ id: user.id, username: user.username, admin: false, sid: sessionId(n) })
          .setProtectedHeader({ alg: 'HS256' })
          .setIssuedAt()
          .setExpirationTime(Math.floor(expires.getTime() / 1000))
          .sign(key),
      ),
    );
  } finally {
    await db.close();
  }
}

interface Statement {
  sql: string;
  parameters: (string | null)[];
}

/** The server's log entries from `offset` on: process id, then the entry's text. */
function logEntries(file: string, offset: number): { pid: number; text: string }[] {
  const text = readFileSync(file, 'utf8').slice(offset);
  return text
    .split(/^@@(?=\d+@@ )/m)
    .filter(Boolean)
    .map((entry) => {
      const end = entry.indexOf('@@ ');
      return { pid: Number(entry.slice(0, end)), text: entry.slice(end + 3).trimEnd() };
    });
}

function parseParameters(detail: string): (string | null)[] {
  const values: (string | null)[] = [];
  for (const match of detail.matchAll(/\$(\d+) = (NULL|'((?:[^']|'')*)')/g))
    values[Number(match[1]) - 1] = match[2] === 'NULL' ? null : (match[3] ?? '').replaceAll("''", "'");
  return values;
}

/**
 * The statements one request sends, in order: the statement log is switched on for the request
 * alone, and only the connections that named the request's player, session or target are kept
 * (background work of the server is left out).
 */
async function captureStatements(
  admin: pg.Client,
  logFile: string,
  send: () => Promise<Response>,
  values: string[],
): Promise<Statement[]> {
  await admin.query("alter system set log_statement = 'all'");
  await admin.query('select pg_reload_conf()');
  await new Promise((r) => setTimeout(r, 300));
  const offset = statSync(logFile).size;
  const res = await send();
  if (!res.ok) throw new Error(`captured request answered ${res.status}: ${await res.text()}`);
  await new Promise((r) => setTimeout(r, 300));
  await admin.query('alter system reset log_statement');
  await admin.query('select pg_reload_conf()');
  const entries = logEntries(logFile, offset);
  const statements: { pid: number; statement: Statement }[] = [];
  for (const entry of entries) {
    const executed = /^LOG: {2}(?:statement|execute [^:]+): ([\s\S]*)$/.exec(entry.text);
    if (executed) {
      statements.push({ pid: entry.pid, statement: { sql: (executed[1] ?? '').trim(), parameters: [] } });
      continue;
    }
    const detail = /^DETAIL: {2}parameters: ([\s\S]*)$/.exec(entry.text);
    const last = statements.at(-1);
    if (detail && last && last.pid === entry.pid)
      last.statement.parameters = parseParameters(detail[1] ?? '');
  }
  // A statement naming the request's values is the request's; so are the BEGIN before and the
  // COMMIT after such statements on the same connection. Background work on a connection the
  // request also used names none of them.
  const names = (s: { statement: Statement }) =>
    s.statement.parameters.some((p) => p !== null && values.includes(p));
  const kept = new Set(statements.filter(names));
  const byPid = new Map<number, typeof statements>();
  for (const s of statements) byPid.set(s.pid, [...(byPid.get(s.pid) ?? []), s]);
  for (const list of byPid.values()) {
    let open: (typeof statements)[number] | undefined;
    let named = false;
    for (const s of list) {
      const sql = s.statement.sql.toLowerCase();
      if (sql === 'begin') {
        open = s;
        named = false;
      } else if (sql === 'commit' || sql === 'rollback') {
        if (open && named) kept.add(open).add(s);
        open = undefined;
      } else if (kept.has(s)) named = true;
    }
  }
  return statements.filter((s) => kept.has(s)).map((s) => s.statement);
}

/**
 * A pgbench script of `statements`: the player (`uid`, `sid`) and the target of each transaction
 * drawn at random, every other parameter the value the server sent, as a `-D` variable.
 */
function pgbenchScript(
  kind: Kind,
  statements: Statement[],
  captured: { uid: string; sid: string; target: string },
) {
  const defines: string[] = [];
  const lines = [
    `\\set n random(0, ${PLAYERS - 1})`,
    `\\set uid ${USER_BASE} + :n`,
    `\\set sid ${SESSION_BASE} + :n`,
    `\\set target ${kind.base} + random(0, ${kind.count - 1})`,
  ];
  statements.forEach((statement, s) => {
    const text = statement.sql.replace(/\$(\d+)/g, (_, digits: string) => {
      const index = Number(digits) - 1;
      const value = statement.parameters[index];
      if (value === captured.uid) return ':uid';
      if (value === captured.sid) return ':sid';
      if (value === captured.target) return ':target';
      if (value === null || value === undefined) return 'null';
      const name = `${kind.key}_${s}_${index}`;
      defines.push(`${name}=${value}`);
      return `:${name}`;
    });
    lines.push(`${text.replace(/;\s*$/, '')};`);
  });
  return { script: `${lines.join('\n')}\n`, defines };
}

interface Measured {
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
  /** Per request or transaction, ms of CPU. */
  cpu: { postgres: number; server: number; client: number };
  /** Statements PostgreSQL ran per request or transaction (pg_stat_statements). */
  statements: number;
}

const round = (value: number, digits = 2) => Number(value.toFixed(digits));

/** Statements the bench database ran since the last reset (this benchmark's own queries left out). */
async function statementCount(admin: pg.Client, database: string): Promise<number> {
  const { rows } = await admin.query(
    `select coalesce(sum(calls), 0)::bigint as calls from pg_stat_statements s join pg_database d on d.oid = s.dbid
     where d.datname = $1`,
    [database],
  );
  return Number(rows[0].calls);
}

async function resetStatements(admin: pg.Client) {
  await admin.query('select pg_stat_statements_reset()');
}

interface Cpu {
  postgres: number;
  server: number;
  client: number;
}

function cpuNow(postmaster: number, server: number | undefined): Cpu {
  const self = cpuSeconds(process.pid);
  return {
    postgres: treeCpuSeconds(postmaster),
    server: server ? treeCpuSeconds(server) : 0,
    // autocannon runs in this process; pgbench is a child this process reaps.
    client: self.own + self.reaped,
  };
}

const perRequest = (before: Cpu, after: Cpu, count: number) => ({
  postgres: round(((after.postgres - before.postgres) * 1000) / count, 3),
  server: round(((after.server - before.server) * 1000) / count, 3),
  client: round(((after.client - before.client) * 1000) / count, 3),
});

let nextRequest = 0;

/** Waypoint over HTTP: CONNECTIONS connections, each request another player's and target. */
async function loadWaypoint(
  kind: Kind,
  port: number,
  server: ChildProcess,
  tokens: string[],
  admin: pg.Client,
  postmaster: () => number,
  database: string,
): Promise<Measured> {
  const requests = [
    {
      setupRequest: (request: autocannon.Request) => {
        const n = nextRequest++;
        const { method, path: p } = kind.request(String(kind.base + (Math.floor(n / PLAYERS) % kind.count)));
        return { ...request, method, path: p, headers: { authorization: `Bearer ${tokens[n % PLAYERS]}` } };
      },
    },
  ];
  const url = `http://127.0.0.1:${port}`;
  // Warm-up: one request of every player, so that each token's signature has been checked once (a
  // process does that once per token) and the load measures the ticks of players already seen.
  await autocannon({ url, connections: 4, amount: PLAYERS, requests });
  await resetStatements(admin);
  const before = cpuNow(postmaster(), server.pid);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, requests });
  const after = cpuNow(postmaster(), server.pid);
  const ok = result['2xx'];
  return {
    perSecond: Math.round(ok / SECONDS),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    cpu: perRequest(before, after, ok),
    statements: round((await statementCount(admin, database)) / ok),
  };
}

/** pgbench with `script` at CONNECTIONS clients; `mode` as pgbench's -M (prepared: named statements). */
async function loadPgbench(
  bin: string,
  port: number,
  script: { script: string; defines: string[] },
  mode: 'prepared' | 'extended',
  admin: pg.Client,
  postmaster: () => number,
  database: string,
  clients = CONNECTIONS,
  seconds = SECONDS,
): Promise<Measured> {
  const dir = mkdtempSync(path.join(work, 'pgbench-'));
  const file = path.join(dir, 'script.sql');
  writeFileSync(file, script.script);
  const args = [
    '-n',
    '-M',
    mode,
    '-c',
    String(clients),
    '-j',
    String(Math.min(clients, os.cpus().length)),
    '-T',
    String(seconds),
    '-l',
    `--log-prefix=${path.join(dir, 'log')}`,
    '-f',
    file,
    ...script.defines.flatMap((d) => ['-D', d]),
    '-h',
    '127.0.0.1',
    '-p',
    String(port),
    '-U',
    'postgres',
    database,
  ];
  await resetStatements(admin);
  const before = cpuNow(postmaster(), undefined);
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(path.join(bin, 'pgbench'), args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.stderr.on('data', (chunk) => {
      out += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`pgbench: ${code}\n${out}`))));
  });
  // pgbench's backends end after it does; their time counts once the postmaster has reaped them.
  for (let i = 0; i < 50; i++) {
    const { rows } = await admin.query(
      "select count(*)::int as n from pg_stat_activity where application_name = 'pgbench'",
    );
    if (rows[0].n === 0) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  await new Promise((r) => setTimeout(r, 200));
  const after = cpuNow(postmaster(), undefined);
  const processed = Number(/number of transactions actually processed: (\d+)/.exec(output)?.[1] ?? 0);
  const failed = Number(/number of failed transactions: (\d+)/.exec(output)?.[1] ?? 0);
  const latencies: number[] = [];
  for (const name of readdirSync(dir).filter((f) => f.startsWith('log')))
    for (const line of readFileSync(path.join(dir, name), 'utf8').split('\n'))
      if (line) latencies.push(Number(line.split(' ')[2]) / 1000);
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0, 1);
  // Each of the script's statements is one round trip (pg_stat_statements does not see the
  // prepared BEGIN and COMMIT of -M prepared).
  const statements = script.script.split(';\n').length - 1;
  rmSync(dir, { recursive: true, force: true });
  return {
    perSecond: Math.round(processed / seconds),
    p50: at(0.5),
    p99: at(0.99),
    errors: failed,
    cpu: perRequest(before, after, processed),
    statements,
  };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

function medianOf(turns: Measured[]): Measured {
  const pick = (f: (m: Measured) => number) => median(turns.map(f));
  return {
    perSecond: pick((m) => m.perSecond),
    p50: pick((m) => m.p50),
    p99: pick((m) => m.p99),
    errors: turns.reduce((n, m) => n + m.errors, 0),
    cpu: {
      postgres: pick((m) => m.cpu.postgres),
      server: pick((m) => m.cpu.server),
      client: pick((m) => m.cpu.client),
    },
    statements: pick((m) => m.statements),
  };
}

interface Build {
  label: string;
  main?: string;
  port: number;
  /** The build's database: the baseline gets a copy without the migrations it does not know. */
  database: string;
  server?: ChildProcess;
}

/**
 * A copy of the prepared database for an earlier build (`main`): the migrations of this code that
 * the build does not name are undone in the copy, so that it starts on the same contents.
 */
async function baselineDatabase(admin: pg.Client, databaseUrl: string, main: string, name: string) {
  await admin.query(`create database ${name} template ${DATABASE}`);
  const known = readFileSync(main, 'utf8');
  const unknown = Object.keys(migrations)
    .filter((migration) => !known.includes(`"${migration}"`) && !known.includes(`'${migration}'`))
    .reverse();
  const db = openDatabase(
    loadConfig({}, { dataDir, logLevel: 'warn', databaseUrl: databaseUrl.replace(/\/[^/]+$/, `/${name}`) }),
  );
  try {
    for (const migration of unknown) {
      await migrations[migration]?.down?.(db.kysely);
      await db.kysely
        .deleteFrom('kysely_migration' as never)
        .where('name' as never, '=', migration as never)
        .execute();
    }
  } finally {
    await db.close();
  }
}

const loadBefore = loadAverage();
const cluster = startBenchCluster(PORT);
const admin = new pg.Client({ connectionString: cluster.url });
const builds: Build[] = [
  ...(baseline
    ? [{ label: 'before', main: path.resolve(baseline), port: HTTP_PORT + 1, database: `${DATABASE}_before` }]
    : []),
  { label: baseline ? 'after' : 'Waypoint', port: HTTP_PORT, database: DATABASE },
];
try {
  await admin.connect();
  await admin.query(`create database ${DATABASE}`);
  await admin.query('create extension if not exists pg_stat_statements');
  const databaseUrl = cluster.url.replace(/\/postgres$/, `/${DATABASE}`);
  const tokens = await prepare(databaseUrl);
  for (const build of builds) {
    if (build.main) await baselineDatabase(admin, databaseUrl, build.main, build.database);
    build.server = await startServerProcess({
      dataDir,
      port: build.port,
      mode: 'built',
      nodeArgs,
      ...(build.main ? { main: build.main } : {}),
      env: {
        DATABASE_URL: databaseUrl.replace(/\/[^/]+$/, `/${build.database}`),
        MAX_EVENT_LOOP_DELAY_MS: '0',
      },
    });
  }

  const rows: string[] = [];
  const costRows: string[] = [];
  const statementLists: string[] = [];
  for (const kind of kinds.filter((k) => !only || k.key === only)) {
    // Each build's statements, read from one request of a player and target not used by the load.
    const scripts = new Map<string, ReturnType<typeof pgbenchScript>>();
    for (const build of builds) {
      const n = PLAYERS - 1 - builds.indexOf(build);
      const target = String(kind.base + kind.count - 1 - builds.indexOf(build));
      const { method, path: p } = kind.request(target);
      const send = () =>
        fetch(`http://127.0.0.1:${build.port}${p}`, {
          method,
          headers: { authorization: `Bearer ${tokens[n]}` },
        });
      // Warm: the first requests of a process read what later ones find cached.
      for (let i = 0; i < 3; i++) await send();
      const statements = await captureStatements(admin, cluster.logFile, send, [
        userId(n),
        sessionId(n),
        target,
      ]);
      scripts.set(
        build.label,
        pgbenchScript(kind, statements, { uid: userId(n), sid: sessionId(n), target }),
      );
      statementLists.push(
        `${kind.name}, ${build.label}: ${statements.length} statements`,
        ...statements.map((s) => `    ${s.sql.replace(/\s+/g, ' ').slice(0, 160)}`),
      );
    }
    const turns = new Map<string, Measured[]>();
    const add = (label: string, m: Measured) => {
      turns.set(label, [...(turns.get(label) ?? []), m]);
      console.log(
        `  ${kind.key} ${label.padEnd(40)} ${String(m.perSecond).padStart(6)}/s p50 ${m.p50} p99 ${m.p99} errors ${m.errors} statements ${m.statements} cpu pg ${m.cpu.postgres} server ${m.cpu.server} client ${m.cpu.client} ms`,
      );
    };
    for (let turn = 0; turn < TURNS; turn++) {
      for (const build of builds) {
        add(
          `Waypoint ${build.label}`,
          await loadWaypoint(
            kind,
            build.port,
            build.server as ChildProcess,
            tokens,
            admin,
            cluster.postmasterPid,
            build.database,
          ),
        );
        const script = scripts.get(build.label) as ReturnType<typeof pgbenchScript>;
        add(
          `pgbench ${build.label} (-M prepared)`,
          await loadPgbench(
            cluster.bin,
            cluster.port,
            script,
            'prepared',
            admin,
            cluster.postmasterPid,
            build.database,
          ),
        );
        add(
          `pgbench ${build.label} (-M extended)`,
          await loadPgbench(
            cluster.bin,
            cluster.port,
            script,
            'extended',
            admin,
            cluster.postmasterPid,
            build.database,
          ),
        );
      }
    }
    for (const build of builds) {
      const ours = medianOf(turns.get(`Waypoint ${build.label}`) ?? []);
      const prepared = medianOf(turns.get(`pgbench ${build.label} (-M prepared)`) ?? []);
      const extended = medianOf(turns.get(`pgbench ${build.label} (-M extended)`) ?? []);
      const ratios = (turns.get(`Waypoint ${build.label}`) ?? []).map(
        (m, i) =>
          m.perSecond / ((turns.get(`pgbench ${build.label} (-M prepared)`) ?? [])[i]?.perSecond ?? 1),
      );
      const who = baseline ? ` (${build.label})` : '';
      rows.push(
        `| ${kind.name}${who} | ${ours.perSecond} | ${ours.p50} | ${ours.p99} | ${prepared.perSecond} | ${prepared.p99} | ${extended.perSecond} | ${ratios.map((r) => r.toFixed(2)).join(', ')} |`,
      );
      for (const [label, m] of [
        [`Waypoint${who}`, ours],
        [`pgbench -M prepared${who}`, prepared],
        [`pgbench -M extended${who}`, extended],
      ] as const)
        costRows.push(
          `| ${kind.name} | ${label} | ${m.statements} | ${m.cpu.postgres} | ${m.cpu.server || '—'} | ${m.cpu.client} |`,
        );
    }
  }

  // Pool size: the completion tick's statements at a few client counts (PostgreSQL's own curve).
  const poolRows: string[] = [];
  {
    const kind = kinds[0] as Kind;
    const build = builds.at(-1) as Build;
    const n = PLAYERS - 1;
    const target = String(kind.base + kind.count - 3);
    const { method, path: p } = kind.request(target);
    const send = () =>
      fetch(`http://127.0.0.1:${build.port}${p}`, {
        method,
        headers: { authorization: `Bearer ${tokens[n]}` },
      });
    const statements = await captureStatements(admin, cluster.logFile, send, [
      userId(n),
      sessionId(n),
      target,
    ]);
    const script = pgbenchScript(kind, statements, { uid: userId(n), sid: sessionId(n), target });
    for (const clients of [1, 2, 4, 10, 20, 40]) {
      const m = await loadPgbench(
        cluster.bin,
        cluster.port,
        script,
        'prepared',
        admin,
        cluster.postmasterPid,
        build.database,
        clients,
        5,
      );
      console.log(`  pool ${clients} clients: ${m.perSecond}/s p99 ${m.p99} ms`);
      poolRows.push(`| ${clients} | ${m.perSecond} | ${m.p50} | ${m.p99} | ${m.cpu.postgres} |`);
    }
  }

  const loadAfter = loadAverage();
  const text = [
    `\`npm run bench:pg\` (\`--write\` writes this section; \`PG_BENCH_BASELINE=<other build's main.js>\` adds an earlier build to the same turns) — a throw-away PostgreSQL ${/\/(\d+)\/bin/.exec(cluster.bin)?.[1] ?? ''} cluster of its own (fsync, \`synchronous_commit\` and full-page writes on, \`pg_stat_statements\` loaded) with the demo seed plus a map of ${MARKERS} placed markers, ${QUESTS} quests, ${ITEMS} items and ${PLAYERS} players with a session each; the production build in one process. Each request kind's statements are read from the server's statement log for one request and written into a pgbench script (the player, their session and the target drawn per transaction; every other value as the server sent it); then Waypoint over HTTP (autocannon, ${CONNECTIONS} connections, each request another player's, ${SECONDS} s after a warm-up) and pgbench with that script (${CONNECTIONS} clients, ${SECONDS} s) take ${TURNS} alternating turns on the same database; figures are the medians of the turns, the ratio is Waypoint's ticks/s over pgbench's (-M prepared: each statement parsed once per connection) per turn. -M extended sends each statement unnamed, parsed again every time. The script holds the statements one request sends over the pool's connections; a request answered on a session its process keeps also waits for one \`select 1\` on the process's listening connection, shared by the requests waiting at the time (counted in Waypoint's statements below, not in the script). Every request's token has been checked once in the warm-up (one request per player), as a process checks each token once. Bar: Waypoint ≥ 0.5× pgbench.`,
    '',
    '| request | Waypoint /s | p50 ms | p99 ms | pgbench -M prepared /s | pgbench p99 ms | pgbench -M extended /s | Waypoint ÷ pgbench (per turn) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows,
    '',
    'What a tick costs: statements PostgreSQL ran per request or transaction (`pg_stat_statements`, each one round trip; shared BEGIN and COMMIT of a group commit count once for the group), and CPU per request from `/proc/<pid>/stat` (PostgreSQL: the postmaster, its backends and the backends it reaped; the server process; the load generator: autocannon in the benchmark process, or pgbench).',
    '',
    '| request | run | statements | PostgreSQL CPU ms | server CPU ms | load generator CPU ms |',
    '|---|---|---:|---:|---:|---:|',
    ...costRows,
    '',
    'The statements of one request, in order:',
    '',
    '```',
    ...statementLists,
    '```',
    '',
    `Pool size: the completion tick's statements (pgbench -M prepared, 5 s each) at as many clients as a pool would hold connections:`,
    '',
    '| clients | transactions/s | p50 ms | p99 ms | PostgreSQL CPU ms per transaction |',
    '|---:|---:|---:|---:|---:|',
    ...poolRows,
    '',
    `Measured ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${os.cpus().length} cores; load average (1, 5, 15 min) ${loadBefore} before the run, ${loadAfter} after it.`,
  ].join('\n');
  console.log(text);
  if (write) writeBenchmarkSection('PostgreSQL: a tick against pgbench', text);
} finally {
  for (const build of builds) {
    const server = build.server;
    if (!server || server.exitCode !== null) continue;
    const exited = new Promise((r) => server.once('exit', r));
    server.kill();
    await exited;
  }
  await admin.end().catch(() => {});
  await new Promise((r) => setTimeout(r, 500));
  cluster.stop();
  rmSync(work, { recursive: true, force: true });
}
