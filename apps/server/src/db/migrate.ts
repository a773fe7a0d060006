import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Db } from './database.ts';
import * as initial from './migrations/0001_initial.ts';
import * as jobs from './migrations/0003_jobs.ts';

/** Migrations in order; names are timestamps or sequence numbers and never change once landed. */
const migrations: Record<string, Migration> = {
  '0001_initial': initial,
  '0003_jobs': jobs,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db: db.kysely, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
