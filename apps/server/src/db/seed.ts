import { randomBytes } from 'node:crypto';
import { getModel, isModelKey } from '@waypoint/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { findUserByEmail, findUserById, insertUser } from '../features/account/account.repository.ts';
import { hashPassword } from '../features/auth/passwords.ts';
import { insertMany } from '../features/models/models.repository.ts';
import type { Db } from './database.ts';
import type { ModelRecord } from './rows.ts';
import { DEMO_CONTRIBUTOR, type DemoOptions, demoContent } from './seed/demo-content.ts';

/** Creates the admin account from ADMIN_EMAIL / ADMIN_PASSWORD when no user has that address. */
export async function ensureAdmin(db: Db, config: Config, log?: FastifyBaseLogger) {
  if (await findUserByEmail(db.kysely, config.adminEmail)) return;
  await insertUser(db.kysely, {
    username: 'admin',
    email: config.adminEmail,
    passwordHash: await hashPassword(config.adminPassword),
    admin: 1,
    confirmed: 1,
  });
  log?.info(`admin account created: ${config.adminEmail}`);
}

export async function isContentEmpty(db: Db): Promise<boolean> {
  // biome-ignore lint/suspicious/noExplicitAny: content tables are declared by the registry
  const row = await (db.kysely as any).selectFrom('game').select('_id').limit(1).executeTakeFirst();
  return row === undefined;
}

/** Inserts the demo content in one transaction; records are validated with the registry schemas. */
export async function seedDemoContent(db: Db, options: DemoOptions = {}) {
  const { records } = demoContent(options);
  if (!(await findUserById(db.kysely, DEMO_CONTRIBUTOR.id))) {
    await insertUser(db.kysely, {
      id: DEMO_CONTRIBUTOR.id,
      username: DEMO_CONTRIBUTOR.username,
      email: 'cartographer@waypoint.local',
      // A contributor that exists for its suggestions; nobody knows its password.
      passwordHash: await hashPassword(randomBytes(24).toString('base64url')),
      confirmed: 1,
    });
  }
  const now = new Date().toISOString();
  const counts: Record<string, number> = {};
  await db.kysely.transaction().execute(async (trx) => {
    for (const [key, list] of Object.entries(records)) {
      if (!isModelKey(key) || !list?.length) continue;
      const model = getModel(key);
      const valid = list.map((record) => ({
        ...(model.schema.parse(record) as ModelRecord),
        images: (record as ModelRecord).images ?? {},
      }));
      await insertMany(trx, model, valid, now);
      counts[key] = valid.length;
    }
  });
  return counts;
}

/** Start-up seeding: the admin always, the demo content only on an empty database. */
export async function seedIfEmpty(db: Db, config: Config, log?: FastifyBaseLogger) {
  await ensureAdmin(db, config, log);
  if (!config.seedDemo || !(await isContentEmpty(db))) return null;
  const counts = await seedDemoContent(db);
  log?.info({ counts }, 'demo content seeded');
  return counts;
}
