import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { registry } from '@waypoint/shared';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { seedIfEmpty } from '../src/db/seed.ts';
import { insertUser } from '../src/features/account/account.repository.ts';
import { insertMany } from '../src/features/models/models.repository.ts';
import { createPlayers, type Player } from './players.ts';

export const BENCH_MARKERS = 5000;

/**
 * The benchmarks' site: the demo seed plus one extra map (`bench_map`) of 5,000 placed markers, and
 * `players` logged-in players (their tokens answered).
 */
export async function prepareBenchData(
  dataDir: string,
  options: { databaseUrl?: string; players?: number } = {},
): Promise<Player[]> {
  const config = loadConfig({}, { dataDir, logLevel: 'warn', databaseUrl: options.databaseUrl ?? '' });
  const db = openDatabase(config);
  try {
    await migrateToLatest(db);
    await seedIfEmpty(db, config);
    const now = new Date().toISOString();
    await insertMany(
      db.kysely,
      registry.map,
      [registry.map.schema.parse({ _id: 'bench_map', name: 'Bench', gameId: 'frontier_zone' })],
      now,
    );
    const markers = Array.from({ length: BENCH_MARKERS }, (_, i) =>
      registry.placedmarker.schema.parse({
        _id: `bench_${i}`,
        mapId: 'bench_map',
        markerDefinitionId: 'quest_objective',
        name: `Marker ${i}`,
        description: `<p>Loot spot number ${i}</p>`,
        // Positions are whole image pixels over 2^maxZoom, as markers placed on a map are.
        lat: -Math.floor(Math.random() * 4096) / 32,
        lng: Math.floor(Math.random() * 4096) / 32,
      }),
    );
    await insertMany(db.kysely, registry.placedmarker, markers, now);
    return options.players ? await createPlayers(db, config, options.players) : [];
  } finally {
    await db.close();
  }
}

/** Who the benchmarks' writes are recorded as. */
/** Ids of a collection's records of the demo game, as a client finds them through the server at `base`. */
export async function demoGameIds(base: string, collection: 'quests' | 'items'): Promise<string[]> {
  const query = encodeURIComponent(JSON.stringify({ gameId: 'frontier_zone' }));
  const res = await fetch(`${base}/api/${collection}?query=${query}&limit=1000`);
  const body = (await res.json()) as { data?: { _id: string }[] } | { _id: string }[];
  const rows = Array.isArray(body) ? body : (body.data ?? []);
  return rows.map((r) => r._id);
}

export const benchActor = { id: null, username: 'bench' };

/**
 * The benchmarks' own game, map and marker definition, made as an admin makes them. `definition`:
 * false for none, or fields the definition gets besides its id, game and name.
 */
export async function createBenchGame(
  app: FastifyInstance,
  options: { definition?: false | Record<string, unknown> } = {},
) {
  const actor = benchActor;
  const w = app.ctx.writer;
  await w.create('game', { _id: 'bench_game', name: 'Bench' }, actor);
  await w.create('map', { _id: 'bench_map', gameId: 'bench_game', name: 'Bench map' }, actor);
  if (options.definition !== false)
    await w.create(
      'markerdefinition',
      { _id: 'bench_def', gameId: 'bench_game', name: 'Loot', ...options.definition },
      actor,
    );
}

/** Placed marker `i` of the bench map (`createBenchGame`), spread over the map; `fields` override. */
export function benchMarkerRow(i: number, fields: Record<string, unknown> = {}) {
  return {
    _id: `bm_${String(i).padStart(6, '0')}`,
    name: `Crate ${i}`,
    description: '',
    markerDefinitionId: 'bench_def',
    mapId: 'bench_map',
    lat: (i * 7919) % 1000,
    lng: (i * 104729) % 1000,
    imageX: null,
    imageY: null,
    questId: '',
    questObjective: '',
    itemId: '',
    polygonPoints: [],
    suggestionId: '',
    authorName: '',
    authorLink: '',
    level: -1,
    lastConfirmedAt: '',
    reportCount: 0,
    images: {},
    ...fields,
  };
}

/** An admin account of the bench site and the authorization header of its session. */
export async function benchAdmin(app: FastifyInstance) {
  const user = await insertUser(app.ctx.db.kysely, {
    username: 'bench_admin',
    email: 'bench@example.test',
    passwordHash: 'x',
    admin: 1,
    confirmed: 1,
  });
  const token = await app.ctx.tokens.sign({ id: user.id, username: 'bench_admin', admin: true });
  return { authorization: `Bearer ${token}` };
}

/**
 * The whole server in this process on a fresh data folder (`name` names it), without demo content:
 * requests go through `app.inject` (or a listening server serving `webDist`, the built web app). SQLite, or PostgreSQL when DATABASE_URL names one. Answers are
 * measured as production answers them, without load shedding on a busy shared machine.
 */
export async function inProcessBenchApp(name: string, options: { webDist?: string } = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `waypoint-bench-${name}-`));
  const config = loadConfig(process.env, {
    dataDir,
    logLevel: 'silent',
    seedDemo: false,
    demoImages: false,
    readMissesPerSecond: 0,
    maxEventLoopDelayMs: 0,
    webDist: options.webDist ?? path.join(dataDir, 'none'),
  });
  const app = await buildApp(config, { logger: false });
  return { app, dataDir, engine: config.databaseUrl ? 'PostgreSQL' : 'SQLite' };
}
