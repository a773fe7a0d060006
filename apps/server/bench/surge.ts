/**
 * The patch-day surge: many players, each on a session of their own, open the map, then tick
 * 20–50 of its markers and a few quests at a human pace, all within a bounded time. Every answer's
 * latency is kept per kind of request; every acknowledged tick is checked in the database afterwards.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Db } from '../src/db/database.ts';
import type { Player } from './players.ts';

export interface SurgeResult {
  seconds: number;
  requests: number;
  errors: number;
  kinds: { kind: string; count: number; p50: number; p99: number; errors: number }[];
  ticksAcknowledged: number;
  questsAcknowledged: number;
  /** Acknowledged ticks (markers and quests) not stored exactly once: must be 0. */
  missing: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] as number);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function runSurge(options: {
  /** Server addresses; players are spread over them (as a load balancer would). */
  bases: string[];
  players: Player[];
  markers: number;
  quests: string[];
  gameId: string;
  mapId: string;
  /** Players arrive over the first two thirds of this time; everything stops at 1.5 times it. */
  seconds: number;
  db: Db;
}): Promise<SurgeResult> {
  const agents = options.bases.map(() => new http.Agent({ keepAlive: true, maxSockets: 64 }));
  const latencies = new Map<string, number[]>();
  const failures = new Map<string, number>();
  const ticks: { userId: string; markerId: string }[] = [];
  const questTicks: { userId: string; questId: string }[] = [];
  const hardStop = Date.now() + options.seconds * 1500;
  let requests = 0;

  function call(player: number, kind: string, method: string, path: string, token?: string) {
    const index = player % options.bases.length;
    const url = new URL(path, options.bases[index]);
    const started = performance.now();
    requests++;
    return new Promise<boolean>((resolve) => {
      const req = http.request(
        url,
        {
          method,
          agent: agents[index],
          headers: {
            'accept-encoding': 'br',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            const ok = res.statusCode === 200;
            const list = latencies.get(kind) ?? [];
            list.push(performance.now() - started);
            latencies.set(kind, list);
            if (!ok) failures.set(kind, (failures.get(kind) ?? 0) + 1);
            resolve(ok);
          });
        },
      );
      req.on('error', () => {
        failures.set(kind, (failures.get(kind) ?? 0) + 1);
        resolve(false);
      });
      req.end();
    });
  }

  async function play(n: number) {
    const player = options.players[n] as Player;
    await sleep(Math.random() * options.seconds * 667);
    const list = `/api/placedmarkers?query=${encodeURIComponent(JSON.stringify({ mapId: options.mapId }))}`;
    await Promise.all([
      call(n, 'open map: GET /api/game/{id}', 'GET', `/api/game/${options.gameId}`),
      call(n, 'open map: GET /api/placedmarkers (map)', 'GET', list),
      call(
        n,
        'open map: GET /api/usercompletedmarkers/list',
        'GET',
        '/api/usercompletedmarkers/list',
        player.token,
      ),
    ]);
    const count = 20 + Math.floor(Math.random() * 31);
    const first = Math.floor(Math.random() * options.markers);
    const questAt = new Set(Array.from({ length: 3 }, () => Math.floor(Math.random() * count)));
    for (let i = 0; i < count && Date.now() < hardStop; i++) {
      // A player's markers are distinct: consecutive ones of the map from a random start.
      const markerId = `bench_${(first + i) % options.markers}`;
      if (
        await call(
          n,
          'tick marker: POST markCompleted',
          'POST',
          `/api/usercompletedmarkers/markCompleted/${markerId}`,
          player.token,
        )
      )
        ticks.push({ userId: player.id, markerId });
      if (questAt.has(i) && options.quests.length > 0) {
        const questId = options.quests[Math.floor(Math.random() * options.quests.length)] as string;
        if (
          await call(
            n,
            'tick quest: GET quest/complete',
            'GET',
            `/api/user/quest/complete/${options.gameId}/${questId}`,
            player.token,
          )
        )
          questTicks.push({ userId: player.id, questId });
      }
      await sleep(200 + Math.random() * 600);
    }
  }

  const started = performance.now();
  await Promise.all(options.players.map((_, n) => play(n)));
  const seconds = (performance.now() - started) / 1000;
  for (const agent of agents) agent.destroy();

  // Every acknowledged tick stored, and once (the keys are unique; counted against the acknowledged set).
  const k = options.db.kysely;
  const markerRows = await k.selectFrom('user_completed_marker').select(['userId', 'markerId']).execute();
  const stored = new Map<string, number>();
  for (const row of markerRows) {
    const key = `${row.userId}|${row.markerId}`;
    stored.set(key, (stored.get(key) ?? 0) + 1);
  }
  let missing = ticks.filter((t) => stored.get(`${t.userId}|${t.markerId}`) !== 1).length;
  const questRows = await k.selectFrom('user_quest_completion').select(['userId', 'questId']).execute();
  const quests = new Map<string, number>();
  for (const row of questRows) {
    const key = `${row.userId}|${row.questId}`;
    quests.set(key, (quests.get(key) ?? 0) + 1);
  }
  missing += questTicks.filter((t) => quests.get(`${t.userId}|${t.questId}`) !== 1).length;

  const kinds = [...latencies].map(([kind, list]) => {
    const sorted = list.sort((a, b) => a - b);
    return {
      kind,
      count: list.length,
      p50: Math.round(percentile(sorted, 0.5) * 10) / 10,
      p99: Math.round(percentile(sorted, 0.99) * 10) / 10,
      errors: failures.get(kind) ?? 0,
    };
  });
  return {
    seconds,
    requests,
    errors: [...failures.values()].reduce((a, b) => a + b, 0),
    kinds,
    ticksAcknowledged: ticks.length,
    questsAcknowledged: questTicks.length,
    missing,
  };
}
