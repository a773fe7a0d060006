import type { Kysely } from 'kysely';

// Frozen once landed: later changes go into new migration files.

/**
 * Roles per game and bans. `game_role` holds the roles in force (who granted them and when),
 * `role_event` every grant and revocation ever made, `ban` every ban: per game (`gameId`) or
 * site-wide (empty `gameId`), with the reason its user is shown and when it ends; a lifted ban
 * keeps its row with `liftedAt` set.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('game_role')
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('gameId', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('grantedBy', 'text', (c) => c.notNull())
    .addColumn('grantedAt', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('game_role_pk', ['userId', 'gameId', 'role'])
    .execute();
  await db.schema.createIndex('game_role_gameId_idx').on('game_role').column('gameId').execute();
  await db.schema
    .createTable('role_event')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('gameId', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('change', 'text', (c) => c.notNull())
    .addColumn('byUsername', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('role_event_userId_idx').on('role_event').columns(['userId', 'at']).execute();
  await db.schema
    .createTable('ban')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('gameId', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('endsAt', 'text', (c) => c.notNull())
    .addColumn('byUsername', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('liftedAt', 'text')
    .execute();
  await db.schema.createIndex('ban_userId_idx').on('ban').columns(['userId', 'endsAt']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ban').execute();
  await db.schema.dropTable('role_event').execute();
  await db.schema.dropTable('game_role').execute();
}
