import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app.ts';
import type { Db } from '../db/database.ts';
import type { TestEnv } from './test-app.ts';

/** Asks `probe` every 10 ms until `done` says yes or `ms` have passed; answers its last value. */
export async function poll<T>(probe: () => Promise<T>, done: (value: T) => boolean, ms = 2000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * A second server process on the test app's database (its own connections and cache bus), built
 * before the tests of the enclosing block once both processes listen on the bus, closed after them.
 */
export function useSecondProcess(env: TestEnv): { app: FastifyInstance; db: Db } {
  const second = {} as { app: FastifyInstance; db: Db };
  beforeAll(async () => {
    second.db = env.t.openDb();
    second.app = await buildApp(env.t.config, { db: second.db, clock: env.t.clock, logger: false });
    await second.app.ready();
    await poll(async () => second.app.ctx.cacheBus.listening && env.t.app.ctx.cacheBus.listening, Boolean);
  });
  afterAll(async () => {
    await second.app.close();
    await second.db.close();
  });
  return second;
}
