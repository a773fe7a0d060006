import { type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { Db } from './database.ts';
import * as initial from './migrations/0001_initial.ts';
import * as sessionsAndLimits from './migrations/0002_sessions_and_limits.ts';
import * as jobs from './migrations/0003_jobs.ts';
import * as suggestions from './migrations/0004_suggestions.ts';

/** Migrations in order; names are timestamps or sequence numbers and never change once landed. */
const migrations: Record<string, Migration> = {
  '0001_initial': initial,
  '0002_sessions_and_limits': sessionsAndLimits,
  '0003_jobs': jobs,
  '0004_suggestions': suggestions,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db): Promise<void> {
  // Kysely looks for its bookkeeping tables in every schema of the database unless told which one;
  // on PostgreSQL it is the connection's own schema, so databases that hold several schemas (test
  // schemas, other apps) each keep their own migration state.
  const migrationTableSchema =
    db.dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db.kysely)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({ db: db.kysely, provider, migrationTableSchema });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
