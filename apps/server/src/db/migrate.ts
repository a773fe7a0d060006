import { type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { Db } from './database.ts';
import * as initial from './migrations/0001_initial.ts';
import * as sessionsAndLimits from './migrations/0002_sessions_and_limits.ts';

/** Migrations in order; names are timestamps or sequence numbers and never change once landed. */
const migrations: Record<string, Migration> = {
  '0001_initial': initial,
  '0002_sessions_and_limits': sessionsAndLimits,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db): Promise<void> {
  // On PostgreSQL the migration bookkeeping tables live in the connection's own schema; otherwise
  // the migrator, which looks for them in every schema, would take another schema's for its own.
  const schema =
    db.dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db.kysely)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({
    db: db.kysely,
    provider,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
