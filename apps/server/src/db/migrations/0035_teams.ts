import type { Kysely } from 'kysely';

// Frozen once landed: later changes go into new migration files.

/**
 * Teams: players of one game who see each other's progress.
 *
 * - `team`: a game's team, its name and its owner (a member).
 * - `team_member`: one row per member, with what the member shares (`shareProgress`). The unique
 *   (userId, gameId) keeps a player in one team per game, even under concurrent joins.
 * - `team_invite`: an invite link's secret as its SHA-256 hash; one use (`usedAt`), an expiry, and
 *   `revokedAt` when the owner withdraws it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('team')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('gameId', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    // No foreign key: a deleted account's team goes on, owned by its longest member (teams.service.ts).
    .addColumn('ownerId', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('team_member')
    .addColumn('teamId', 'text', (c) => c.notNull().references('team.id').onDelete('cascade'))
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('gameId', 'text', (c) => c.notNull())
    .addColumn('shareProgress', 'integer', (c) => c.notNull())
    .addColumn('joinedAt', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('team_member_pk', ['teamId', 'userId'])
    .addUniqueConstraint('team_member_one_per_game', ['userId', 'gameId'])
    .execute();
  await db.schema
    .createTable('team_invite')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('teamId', 'text', (c) => c.notNull().references('team.id').onDelete('cascade'))
    .addColumn('hash', 'text', (c) => c.notNull().unique())
    .addColumn('createdBy', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('expiresAt', 'text', (c) => c.notNull())
    .addColumn('usedAt', 'text')
    .addColumn('usedBy', 'text')
    .addColumn('revokedAt', 'text')
    .execute();
  await db.schema.createIndex('team_invite_team').on('team_invite').column('teamId').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['team_invite', 'team_member', 'team']) await db.schema.dropTable(table).execute();
}
