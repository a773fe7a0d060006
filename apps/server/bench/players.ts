import { randomUUID } from 'node:crypto';
import type { Config } from '../src/config.ts';
import type { Db } from '../src/db/database.ts';
import { createTokenService } from '../src/features/auth/tokens.ts';

export interface Player {
  id: string;
  token: string;
}

/**
 * `count` confirmed players, each with an open session, written straight into the database as
 * registration and login would leave them (logging thousands in through the password hash would
 * measure the hash). The tokens are signed with the server's secret (the data folder's).
 */
export async function createPlayers(db: Db, config: Config, count: number, prefix = 'p'): Promise<Player[]> {
  const now = new Date().toISOString();
  const users = Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    username: `${prefix}${i}`,
    usernameKey: `${prefix}${i}`,
    email: `${prefix}${i}@bench.test`,
    passwordHash: 'not-a-hash: these players never log in with a password',
    admin: 0,
    confirmed: 1,
    confirmHash: null,
    confirmExpires: null,
    recoveryHash: null,
    recoveryExpires: null,
    createdAt: now,
  }));
  for (let at = 0; at < users.length; at += 500) {
    await db.kysely
      .insertInto('user')
      .values(users.slice(at, at + 500))
      .execute();
  }
  const tokens = createTokenService(db, config.jwtSecret, config.tokenTtlSeconds);
  const players: Player[] = [];
  for (const user of users) {
    players.push({
      id: user.id,
      token: await tokens.sign({ id: user.id, username: user.username, admin: false }),
    });
  }
  return players;
}

/** An admin with an open session, written like the players; answers its authorization header. */
export async function createAdmin(db: Db, config: Config): Promise<{ authorization: string }> {
  const id = randomUUID();
  await db.kysely
    .insertInto('user')
    .values({
      id,
      username: 'bench_admin',
      usernameKey: 'bench_admin',
      email: 'bench_admin@bench.test',
      passwordHash: 'not-a-hash: this admin never logs in with a password',
      admin: 1,
      confirmed: 1,
      confirmHash: null,
      confirmExpires: null,
      recoveryHash: null,
      recoveryExpires: null,
      createdAt: new Date().toISOString(),
    })
    .execute();
  const tokens = createTokenService(db, config.jwtSecret, config.tokenTtlSeconds);
  return { authorization: `Bearer ${await tokens.sign({ id, username: 'bench_admin', admin: true })}` };
}
