import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { type Db, openDatabase } from '../db/database.ts';
import { insertUser } from '../features/account/account.repository.ts';
import { hashPassword } from '../features/auth/passwords.ts';
import { createTestClock, type TestClock } from './clock.ts';
import { type PgBouncer, startPgBouncer } from './pgbouncer.ts';
import { startS3Server, testStorage } from './s3-server.ts';

/** The engine the integration tests run on: PostgreSQL when TEST_DATABASE_URL is set, else SQLite. */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL ?? '';

/**
 * With TEST_PGBOUNCER=1 (and TEST_DATABASE_URL), every test app reaches PostgreSQL through PgBouncer
 * in transaction mode, as a site behind a pooler does (`npm test` runs the permission tests so).
 */
export const testThroughPgBouncer = Boolean(testDatabaseUrl) && process.env.TEST_PGBOUNCER === '1';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  dataDir: string;
  /** The time of the app's background work; a second process built by a test shares it. */
  clock: TestClock;
  /** Another connection to the same database (as a second server process would open). */
  openDb(): Db;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Receives the app's log lines (as JSON text) at the configured log level. */
  logStream?: NodeJS.WritableStream;
  /** Registers extra routes before the app is ready. */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>;
  /**
   * PostgreSQL only: the app's pool goes through PgBouncer in transaction mode (a database of its
   * own, named statements off), its LISTEN connection and migrations straight to PostgreSQL.
   */
  pgbouncer?: boolean;
}

/**
 * A real app on a real database: a temporary SQLite file, or a fresh schema of the PostgreSQL
 * test database. Each test file gets its own, migrated on build.
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'waypoint-test-'));
  // With TEST_STORAGE=s3, pictures and tiles go to a real S3 server of this app's own.
  const s3 = testStorage === 's3' && !overrides.storage ? await startS3Server() : undefined;
  let schema: string | undefined;
  const bouncer: PgBouncer | undefined =
    testDatabaseUrl && (options.pgbouncer ?? testThroughPgBouncer)
      ? await startPgBouncer(testDatabaseUrl)
      : undefined;
  if (testDatabaseUrl && !bouncer) {
    schema = `t_${randomBytes(6).toString('hex')}`;
    const client = new pg.Client({ connectionString: testDatabaseUrl });
    await client.connect();
    await client.query(`create schema ${schema}`);
    await client.end();
  }
  const config = loadConfig(
    {},
    {
      dataDir,
      databaseUrl: testDatabaseUrl,
      jwtSecret: 'test-secret-for-integration-tests-only',
      logLevel: 'silent',
      authRateLimit: 1000,
      loginFailureLimit: 1000,
      registerRateLimit: 1000,
      forgotPasswordRateLimit: 1000,
      changePasswordRateLimit: 1000,
      suggestionRateLimit: 100_000,
      commentRateLimit: 100_000,
      voteRateLimit: 100_000,
      // Test users are minutes old: the tighter limits of new accounts have their own test.
      newAccountDays: 0,
      // Tests ask many distinct answers from one address; the per-client budget has its own tests.
      readMissesPerSecond: 0,
      // A test's own set-up (seeding thousands of rows) holds the event loop on purpose; on a busy
      // machine that must not turn the next answers into 503s. Shedding has its own tests (ops).
      maxEventLoopDelayMs: 0,
      webDist: path.join(dataDir, 'no-web-build'),
      ...(s3 ? { storage: s3.storage('site') } : {}),
      ...(bouncer
        ? {
            databaseUrl: bouncer.url,
            databaseDirectUrl: bouncer.directUrl,
            databasePreparedStatements: false,
          }
        : {}),
      ...overrides,
    },
  );
  const openDb = () =>
    openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir,
      searchPath: schema,
      databasePreparedStatements: config.databasePreparedStatements,
    });
  const db = openDb();
  const dropSchema = async () => {
    await bouncer?.close();
    if (!schema) return;
    const client = new pg.Client({ connectionString: testDatabaseUrl });
    await client.connect();
    await client.query(`drop schema ${schema} cascade`);
    await client.end();
  };
  const clock = createTestClock();
  let app: FastifyInstance;
  try {
    app = await buildApp(config, {
      db,
      clock,
      logger: options.logStream !== undefined,
      logStream: options.logStream,
    });
    await options.beforeReady?.(app);
    await app.ready();
  } catch (error) {
    // A failed build leaves no schema behind in the shared test database.
    await db.close();
    await dropSchema();
    await s3?.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    app,
    db,
    config,
    dataDir,
    clock,
    openDb,
    async close() {
      await app.close();
      await db.close();
      await dropSchema();
      await s3?.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestUser {
  id: string;
  username: string;
  email: string;
  password: string;
  token: string;
  auth: { authorization: string };
}

let userCounter = 0;

/** A confirmed user written straight to the database, with a signed token. */
export async function createUser(
  t: TestApp,
  options: { admin?: boolean; username?: string } = {},
): Promise<TestUser> {
  userCounter++;
  const username =
    options.username ??
    `${options.admin ? 'admin' : 'player'}${userCounter}_${randomBytes(3).toString('hex')}`;
  const email = `${username}@example.test`;
  const password = 'correct horse battery';
  const row = await insertUser(t.db.kysely, {
    username,
    email,
    passwordHash: await hashPassword(password),
    admin: options.admin ? 1 : 0,
    confirmed: 1,
  });
  const token = await t.app.ctx.tokens.sign({ id: row.id, username, admin: Boolean(options.admin) });
  return { id: row.id, username, email, password, token, auth: { authorization: `Bearer ${token}` } };
}

/** A small, complete content graph for tests: one game with a category, maps, quests and markers. */
export async function createContent(t: TestApp) {
  const admin = { id: null, username: 'test' };
  const w = t.app.ctx.writer;
  await w.create(
    'game',
    { _id: 'g1', name: 'Game One', weight: 5, description: '<p>First</p>', additionalFeatures: ['quests'] },
    admin,
  );
  await w.create('game', { _id: 'g2', name: 'Game Two', weight: 10 }, admin);
  await w.create('category', { _id: 'g1_cat', gameId: 'g1', name: 'Region', weight: 1 }, admin);
  await w.create(
    'map',
    { _id: 'g1_map_a', gameId: 'g1', categoryId: 'g1_cat', name: 'Map A', weight: 2 },
    admin,
  );
  await w.create(
    'map',
    { _id: 'g1_map_b', gameId: 'g1', categoryId: 'g1_cat', name: 'Map B', weight: 1 },
    admin,
  );
  await w.create('map', { _id: 'g1_hidden', gameId: 'g1', name: 'Hidden', enabled: false }, admin);
  await w.create('quest', { _id: 'q1', gameId: 'g1', name: 'First steps', questLevel: 1 }, admin);
  await w.create(
    'quest',
    { _id: 'q2', gameId: 'g1', name: 'Second steps', questLevel: 2, previous: 'q1' },
    admin,
  );
  await w.create('markerdefinition', { _id: 'def_loot', gameId: 'g1', name: 'Loot' }, admin);
  for (let i = 0; i < 5; i++) {
    await w.create(
      'placedmarker',
      {
        _id: `pm_${i}`,
        mapId: 'g1_map_a',
        markerDefinitionId: 'def_loot',
        lat: -i,
        lng: i,
        name: `Crate ${i}`,
      },
      admin,
    );
  }
}

export interface TestEnv {
  t: TestApp;
  admin: TestUser;
  player: TestUser;
}

/**
 * Registers the usual test-file setup: a fresh app (with the small content graph unless told
 * otherwise), an admin and a player; closed after the file. Fields are filled before the tests run.
 */
export function useTestApp(
  options: { content?: boolean; overrides?: Partial<Config>; pgbouncer?: boolean } = {},
): TestEnv {
  const env = {} as TestEnv;
  beforeAll(async () => {
    env.t = await createTestApp(options.overrides, { pgbouncer: options.pgbouncer });
    if (options.content ?? true) await createContent(env.t);
    env.admin = await createUser(env.t, { admin: true });
    env.player = await createUser(env.t);
  });
  afterAll(() => env.t.close());
  return env;
}
