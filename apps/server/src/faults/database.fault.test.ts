/**
 * The operator's bad hour, on two real server processes (the production build) over a PostgreSQL
 * cluster of the suite's own: players tick markers and an admin creates records while the database
 * crashes, stops cleanly, has its connections cut, and while one process is restarted. Requests answer
 * 503 with Retry-After while the database is gone (never another 5xx), the processes come back by
 * themselves, and every acknowledged write is there exactly once, seen by both processes' caches.
 *
 * The rolling restart goes through a balancer-like client: it sends each request on a new connection,
 * round-robin over the processes whose /readyz answered 200 at its last check (every 100 ms, as a
 * balancer with active health checks does), and tries the other process when a connection is refused:
 * a refused connection was never a request, so this is safe for writes. A stopping process says it is
 * not ready for SHUTDOWN_DRAIN_MS before it closes its listener, whose queued connections the kernel
 * would otherwise reset.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Answer,
  type Proc,
  ready,
  report,
  request,
  serverDir,
  sleep,
  startServer,
  stopServer,
} from './harness.ts';

const cluster = path.resolve(serverDir, '../../scripts/pg-test-cluster.sh');
// Below the ephemeral port range: a port some outgoing connection holds cannot be listened on.
const pgPort = Number(process.env.FAULT_PG_PORT ?? 25440);
// A fixed place per port, so that a cluster left running by an interrupted run is stopped first.
const pgDir = process.env.FAULT_PG_DIR ?? `/tmp/pg-fault-${pgPort}`;
const clusterEnv = { ...process.env, PG_TEST_PORT: String(pgPort), PG_TEST_DIR: pgDir, PG_TEST_DURABLE: '1' };
const admin = { email: 'admin@faults.test', password: 'the database went away' };
const metricsToken = 'fault-suite-metrics-token';
/** The servers' statement timeout here: a statement blocked longer answers 503. */
const statementTimeoutMs = 2000;
const hasPostgres =
  spawnSync('bash', ['-c', 'ls /usr/lib/postgresql/*/bin/initdb'], { stdio: 'ignore' }).status === 0;

const clusterDo = (action: string) =>
  execFileSync(cluster, [action], {
    env: clusterEnv,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });

let databaseUrl = '';
let dataDir = '';
const procs: Proc[] = [];
let adminToken = '';
const players: { id: string; token: string }[] = [];
const markerIds: string[] = [];
let pool: pg.Pool;

function start(port: number): Proc {
  return startServer(port, dataDir, admin, {
    DATABASE_URL: databaseUrl,
    METRICS_TOKEN: metricsToken,
    DATABASE_TIMEOUT_MS: '3000',
    DATABASE_STATEMENT_TIMEOUT_MS: String(statementTimeoutMs),
    SHUTDOWN_TIMEOUT_MS: '8000',
    SHUTDOWN_DRAIN_MS: '1000',
    SUGGESTION_RATE_LIMIT: '1000000',
    JOB_POLL_MS: '500',
  });
}

interface Stats {
  sent: number;
  acknowledged: number;
  unavailable: number;
  otherErrors: number;
  noAnswer: number;
  statuses: Record<string, number>;
}

const ackMarks = new Set<string>();
const ackQuests = new Set<string>();
const ackGames = new Set<string>();
/** Suggestions acknowledged as made, and those acknowledged as accepted. */
const ackSuggestions = new Set<string>();
const ackAccepted = new Set<string>();
let gameSeq = 0;
const questIds: string[] = [];
let contributorToken = '';

/**
 * Players tick markers and the admin creates games, alternately on each process (or, in rolling
 * mode, on whichever of the two accepts the connection), until stopped.
 */
function startLoad(options: { rolling?: boolean } = {}) {
  const stats: Stats = {
    sent: 0,
    acknowledged: 0,
    unavailable: 0,
    otherErrors: 0,
    noAnswer: 0,
    statuses: {},
  };
  let stopped = false;
  let turn = 0;
  // Rolling mode: which processes answered /readyz with 200 at the last check.
  const inRotation = [true, true];
  const checker = (async () => {
    while (options.rolling && !stopped) {
      await Promise.all(
        procs.map(async (p, i) => {
          const answer = await request(p.port, 'GET', '/readyz').catch(() => null);
          inRotation[i] = answer?.status === 200;
        }),
      );
      await sleep(100);
    }
  })();
  const send = async (method: string, url: string, token: string, body?: unknown): Promise<Answer | null> => {
    stats.sent++;
    let first = turn++ % 2;
    if (options.rolling && !inRotation[first] && inRotation[1 - first]) first = 1 - first;
    const order = options.rolling ? [first, 1 - first] : [first];
    for (const i of order) {
      try {
        const answer = await request(procs[i]!.port, method, url, token, body);
        stats.statuses[answer.status] = (stats.statuses[answer.status] ?? 0) + 1;
        if (answer.status >= 200 && answer.status < 300) stats.acknowledged++;
        else if (answer.status === 503 && answer.headers['retry-after']) stats.unavailable++;
        else stats.otherErrors++;
        return answer;
      } catch (error) {
        const code = (error as { code?: string }).code ?? (error as Error).message;
        if (code === 'ECONNREFUSED' && options.rolling) continue;
        stats.noAnswer++;
        stats.statuses[`no answer (${code}, ${method} ${url.split('/').slice(0, 4).join('/')})`] = 1;
        return null;
      }
    }
    stats.noAnswer++;
    return null;
  };
  const player = async (p: { id: string; token: string }) => {
    let i = 0;
    while (!stopped) {
      const n = i++;
      // Every fifth tick is a quest's.
      if (n % 5 === 4) {
        const quest = questIds[n % questIds.length]!;
        const answer = await send('GET', `/api/user/quest/complete/fg/${quest}`, p.token);
        if (answer && answer.status === 200) ackQuests.add(`${p.id}/${quest}`);
        if (answer?.status === 503) await sleep(50);
        continue;
      }
      const marker = markerIds[n % markerIds.length]!;
      const answer = await send('POST', `/api/usercompletedmarkers/markCompleted/${marker}`, p.token);
      if (answer && answer.status === 200) ackMarks.add(`${p.id}/${marker}`);
      if (answer?.status === 503) await sleep(50);
    }
  };
  // A contributor suggests markers; the admin accepts what was suggested, a few at a time.
  const contributor = async () => {
    let n = 0;
    while (!stopped) {
      const answer = await send('POST', '/api/suggestion', contributorToken, {
        type: 'PLACED_MARKER',
        action: 'ADD',
        parentId: 'fg_map',
        data: JSON.stringify({
          name: `Suggested ${n++}`,
          markerDefinitionId: 'fg_def',
          lat: -n % 300,
          lng: n % 300,
        }),
      });
      if (answer && answer.status === 201) ackSuggestions.add(String(JSON.parse(answer.body).data));
      if (answer?.status === 503) await sleep(50);
    }
  };
  const approver = async () => {
    while (!stopped) {
      const open = [...ackSuggestions].filter((id) => !ackAccepted.has(id)).slice(0, 5);
      if (open.length === 0) {
        await sleep(100);
        continue;
      }
      const answer = await send('POST', '/api/admin/suggestions/accept', adminToken, { suggestionIds: open });
      if (answer && answer.status === 200) for (const id of open) ackAccepted.add(id);
      // A 409 names one already accepted by an attempt whose answer was lost: counted as accepted by the check.
      if (answer?.status === 409) for (const id of open) ackAccepted.add(id);
      if (answer?.status === 503) await sleep(50);
    }
  };
  const editor = async () => {
    while (!stopped) {
      const id = `fault_g_${++gameSeq}`;
      const answer = await send('PUT', '/api/admin/game', adminToken, {
        _id: id,
        name: `Fault game ${gameSeq}`,
      });
      if (answer && answer.status === 201) ackGames.add(id);
      if (answer?.status === 503) await sleep(50);
    }
  };
  const running = [...players.map(player), editor(), editor(), contributor(), approver()];
  return {
    stats,
    async stop() {
      stopped = true;
      await Promise.all([...running, checker]);
      return stats;
    },
  };
}

/** Every acknowledged write present exactly once, and both processes' caches agreeing with the database. */
async function verify() {
  const marks = await pool.query<{ key: string; n: number }>(
    `select "userId" || '/' || "markerId" as key, count(*)::int as n from user_completed_marker group by 1`,
  );
  const markCount = new Map(marks.rows.map((r) => [r.key, r.n]));
  const games = await pool.query<{ id: string; n: number }>(
    `select "_id" as id, count(*)::int as n from game where "_id" like 'fault_g_%' group by 1`,
  );
  const gameCount = new Map(games.rows.map((r) => [r.id, r.n]));
  const quests = await pool.query<{ key: string; n: number }>(
    `select "userId" || '/' || "questId" as key, count(*)::int as n from user_quest_completion group by 1`,
  );
  const questCount = new Map(quests.rows.map((r) => [r.key, r.n]));
  // Each suggestion with its status and how many markers carry its target id (an accepted ADD: one).
  const suggestions = await pool.query<{ id: string; status: string; n: number }>(
    `select s."_id" as id, s.status, (select count(*)::int from placedmarker p where p."_id" = s."targetId") as n
     from suggestion s`,
  );
  const suggestionStatus = new Map(suggestions.rows.map((r) => [r.id, r.status]));
  const markerOf = new Map(suggestions.rows.filter((r) => r.status === 'ACCEPTED').map((r) => [r.id, r.n]));
  const lost =
    [...ackMarks].filter((k) => !markCount.has(k)).length +
    [...ackQuests].filter((k) => !questCount.has(k)).length +
    [...ackGames].filter((k) => !gameCount.has(k)).length +
    [...ackSuggestions].filter((id) => !suggestionStatus.has(id)).length +
    [...ackAccepted].filter((id) => suggestionStatus.get(id) !== 'ACCEPTED' || markerOf.get(id) !== 1).length;
  const duplicated = [
    ...markCount.values(),
    ...questCount.values(),
    ...gameCount.values(),
    ...markerOf.values(),
  ].filter((n) => n > 1).length;
  // Both processes' cached lists count what the database holds, and show the newest game.
  const total = (await pool.query<{ n: number }>('select count(*)::int as n from game')).rows[0]!.n;
  const newest = [...ackGames].at(-1);
  for (const proc of procs) {
    const list = await request(proc.port, 'GET', '/api/games');
    expect(list.status).toBe(200);
    expect((JSON.parse(list.body) as { count: number }).count, `games counted by port ${proc.port}`).toBe(
      total,
    );
    if (newest) expect((await request(proc.port, 'GET', `/api/game/${newest}`)).status).toBe(200);
  }
  return { lost, duplicated };
}

async function firstWriteAfter(t0: number): Promise<number> {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    const answers = await Promise.all(
      procs.map((p) =>
        request(p.port, 'PUT', '/api/admin/game', adminToken, {
          _id: `fault_probe_${randomBytes(4).toString('hex')}`,
          name: 'Probe',
        }).catch(() => null),
      ),
    );
    if (answers.every((a) => a?.status === 201)) return (Date.now() - t0) / 1000;
    await sleep(100);
  }
  throw new Error('the processes did not serve writes again within 60 s');
}

function record(name: string, stats: Stats, result: { lost: number; duplicated: number }, recover: number) {
  const fiveXX = Object.entries(stats.statuses)
    .filter(([s]) => Number(s) >= 500 && Number(s) !== 503)
    .reduce((n, [, c]) => n + c, 0);
  const line = `| ${name} | ${stats.sent} | ${stats.acknowledged} | ${stats.unavailable} | ${fiveXX} | ${stats.noAnswer} | ${result.lost} | ${result.duplicated} | ${recover.toFixed(1)} |`;
  report(line);
}

async function scenario(name: string, fault: () => Promise<void>, restore: () => Promise<void>, down = true) {
  for (const p of procs) expect(p.child.exitCode, 'server process still running').toBeNull();
  const load = startLoad();
  await sleep(2500);
  const t0 = Date.now();
  await fault();
  if (down) {
    await sleep(2000);
    for (const p of procs) {
      const readyz = await request(p.port, 'GET', '/readyz');
      expect(readyz.status).toBe(503);
      expect(JSON.parse(readyz.body).checks.database).toBe(false);
      expect((await request(p.port, 'GET', '/healthz')).status).toBe(200);
    }
    await restore();
  }
  const recover = await firstWriteAfter(down ? Date.now() : t0);
  await sleep(2000);
  const stats = await load.stop();
  for (const p of procs) {
    expect(p.child.exitCode, 'server process still running').toBeNull();
    await ready(p, 5000);
  }
  const result = await verify();
  record(name, stats, result, recover);
  expect(stats.otherErrors, JSON.stringify(stats.statuses)).toBe(0);
  expect(stats.noAnswer).toBe(0);
  expect(result).toEqual({ lost: 0, duplicated: 0 });
  if (down) expect(stats.unavailable).toBeGreaterThan(0);
  expect(stats.acknowledged).toBeGreaterThan(0);
  return stats;
}

describe.skipIf(!hasPostgres)('faults: the database going away under load, two processes', () => {
  beforeAll(async () => {
    clusterDo('stop');
    databaseUrl = clusterDo('start').trim();
    pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    pool.on('error', () => {});
    dataDir = mkdtempSync(path.join(tmpdir(), 'waypoint-faults-'));
    const port = 5100 + Math.floor(Math.random() * 800);
    procs.push(start(port), start(port + 1));
    await Promise.all(procs.map((p) => ready(p)));
    const login = await request(procs[0]!.port, 'POST', '/api/users/login', undefined, admin);
    adminToken = (JSON.parse(login.body) as { token: string }).token;
    const put = (model: string, body: unknown) =>
      request(procs[0]!.port, 'PUT', `/api/admin/${model}`, adminToken, body);
    await put('game', { _id: 'fg', name: 'Fault game' });
    await put('map', { _id: 'fg_map', gameId: 'fg', name: 'Fault map' });
    await put('markerdefinition', { _id: 'fg_def', gameId: 'fg', name: 'Crate' });
    for (let i = 0; i < 400; i++) {
      markerIds.push(`fg_pm_${i}`);
      await put('placedmarker', {
        _id: `fg_pm_${i}`,
        mapId: 'fg_map',
        markerDefinitionId: 'fg_def',
        lat: -i,
        lng: i,
      });
    }
    for (let i = 0; i < 40; i++) {
      questIds.push(`fg_q_${i}`);
      await put('quest', { _id: `fg_q_${i}`, gameId: 'fg', name: `Fault quest ${i}`, questLevel: 1 });
    }
    for (let i = 0; i < 4; i++) {
      const email = `player${i}@faults.test`;
      const password = 'ticking markers all day';
      const reg = await request(procs[0]!.port, 'POST', '/api/users/register', undefined, {
        username: `fault_player_${i}`,
        email,
        password,
      });
      expect(reg.status).toBeLessThan(300);
      await pool.query(`update "user" set confirmed = 1 where email = $1`, [email]);
      const res = await request(procs[0]!.port, 'POST', '/api/users/login', undefined, { email, password });
      const body = JSON.parse(res.body) as { token: string; user?: { _id?: string; id?: string } };
      const row = await pool.query<{ id: string }>(`select id from "user" where email = $1`, [email]);
      if (i === 3) contributorToken = body.token;
      else players.push({ id: String(row.rows[0]!.id), token: body.token });
    }
  }, 180_000);

  afterAll(async () => {
    await Promise.all(procs.map((p) => stopServer(p)));
    await pool?.end().catch(() => {});
    try {
      clusterDo('stop');
    } catch {}
    rmSync(pgDir, { recursive: true, force: true });
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('PostgreSQL crashes (-m immediate) and starts again', async () => {
    await scenario(
      'PostgreSQL crash (`-m immediate`) + start',
      async () => void clusterDo('crash'),
      async () => void clusterDo('resume'),
    );
  }, 90_000);

  it('PostgreSQL stops cleanly and starts again', async () => {
    await scenario(
      'PostgreSQL clean stop (`-m fast`) + start',
      async () => void clusterDo('halt'),
      async () => void clusterDo('resume'),
    );
  }, 90_000);

  it("the server's connections are terminated (pg_terminate_backend)", async () => {
    await scenario(
      '`pg_terminate_backend` of all server connections',
      async () => {
        await pool.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
        );
      },
      async () => {},
      false,
    );
  }, 90_000);

  it('a slow database (locks held on the tables writes need): 503 within the statement timeout, health and cached reads answer', async () => {
    for (const p of procs) expect((await request(p.port, 'GET', '/api/games')).status).toBe(200);
    const load = startLoad();
    await sleep(1500);
    const locker = new pg.Client({ connectionString: databaseUrl });
    await locker.connect();
    await locker.query('begin');
    // Every content write records an audit row, every tick a completion: both wait on these locks.
    await locker.query('lock table audit_log, user_completed_marker in exclusive mode');
    // While the locks are held: health and the game list (cached, or read without a lock) answer.
    const probes: { health: number; games: number; ms: number }[] = [];
    for (let i = 0; i < 8; i++) {
      for (const p of procs) {
        const started = Date.now();
        const health = (await request(p.port, 'GET', '/healthz')).status;
        const games = (await request(p.port, 'GET', '/api/games')).status;
        probes.push({ health, games, ms: Date.now() - started });
      }
      await sleep(250);
    }
    // A write that needs a locked table answers 503 with Retry-After once the statement times out.
    const started = Date.now();
    const blocked = await request(procs[0]!.port, 'PUT', '/api/admin/game', adminToken, {
      _id: `fault_slow_${randomBytes(3).toString('hex')}`,
      name: 'Blocked',
    });
    const blockedMs = Date.now() - started;
    await locker.query('rollback');
    await locker.end();
    const recover = await firstWriteAfter(Date.now());
    await sleep(1500);
    const stats = await load.stop();
    const result = await verify();
    record('slow database (writes locked out ~6 s; statement timeout 2 s)', stats, result, recover);
    expect(blocked.status).toBe(503);
    expect(blocked.headers['retry-after']).toBeTruthy();
    expect(blockedMs).toBeLessThan(statementTimeoutMs + 3000);
    expect(
      probes.every((p) => p.health === 200 && p.games === 200),
      JSON.stringify(probes),
    ).toBe(true);
    expect(Math.max(...probes.map((p) => p.ms))).toBeLessThan(1000);
    expect(stats.otherErrors, JSON.stringify(stats.statuses)).toBe(0);
    expect(stats.noAnswer).toBe(0);
    expect(stats.unavailable).toBeGreaterThan(0);
    expect(result).toEqual({ lost: 0, duplicated: 0 });
  }, 90_000);

  it('a rolling restart (SIGTERM, start again) of one process under load loses no request', async () => {
    const load = startLoad({ rolling: true });
    await sleep(2000);
    const t0 = Date.now();
    const old = procs[0]!;
    await stopServer(old);
    expect(old.child.exitCode).toBe(0);
    procs[0] = start(old.port);
    await ready(procs[0]!);
    const recover = (Date.now() - t0) / 1000;
    await sleep(2000);
    const stats = await load.stop();
    const result = await verify();
    record('rolling restart (SIGTERM) of one of two processes', stats, result, recover);
    expect(stats.acknowledged, JSON.stringify(stats.statuses)).toBe(stats.sent);
    expect(result).toEqual({ lost: 0, duplicated: 0 });
  }, 90_000);

  it('counts each fault in /metrics', async () => {
    // The crash was seen as 503s by both processes, and the cut connections as lost connections.
    for (const p of procs.slice(1)) {
      const metrics = await request(p.port, 'GET', '/metrics', metricsToken);
      expect(metrics.body).toMatch(/waypoint_faults_total\{kind="database_unavailable"\} [1-9]/);
      expect(metrics.body).toMatch(/waypoint_faults_total\{kind="database_connection_lost"\} [1-9]/);
      expect(metrics.body).toMatch(/waypoint_faults_total\{kind="database_slow"\} [1-9]/);
    }
  });
});
