import { type Kysely, sql } from 'kysely';

// Frozen once landed: later changes go into new migration files.

/** The comparison key of a username: NFKC-normalized and lower-cased (also in account.repository.ts). */
const usernameKey = (username: string) => username.normalize('NFKC').toLowerCase();

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it is at this point
export async function up(db: Kysely<any>): Promise<void> {
  // Login sessions: the token names one; logout, password changes and recovery end them.
  await db.schema
    .createTable('session')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('expiresAt', 'text', (c) => c.notNull())
    .addColumn('revokedAt', 'text')
    .execute();
  await db.schema.createIndex('session_userId_idx').on('session').column('userId').execute();

  // Rate-limit counters shared by every server process: one row per key and window.
  await db.schema
    .createTable('rate_limit')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('windowEnd', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limit_windowEnd_idx').on('rate_limit').column('windowEnd').execute();

  // Usernames compare NFKC-normalized and case-insensitively on both engines (SQLite's lower()
  // folds ASCII only), through a stored key with a unique index.
  await db.schema.alterTable('user').addColumn('usernameKey', 'text').execute();
  const users: { id: string; username: string }[] = await db
    .selectFrom('user')
    .select(['id', 'username'])
    .orderBy('createdAt')
    .execute();
  const seen = new Set<string>();
  for (const user of users) {
    const key = usernameKey(user.username);
    // An older look-alike keeps the name; a later one keeps no key (it can still log in by e-mail).
    if (seen.has(key)) continue;
    seen.add(key);
    await db.updateTable('user').set({ usernameKey: key }).where('id', '=', user.id).execute();
  }
  await db.schema.createIndex('user_usernameKey_idx').on('user').column('usernameKey').unique().execute();
  // E-mail addresses are stored lower-cased, so that look-ups use the unique index.
  await db
    .updateTable('user')
    .set({ email: sql`lower(${sql.ref('email')})` })
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('This migration cannot be reverted');
}
