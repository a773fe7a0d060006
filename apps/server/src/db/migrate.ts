import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Db } from './database.ts';
import * as initial from './migrations/0001_initial.ts';

/** Migrations in order; names are timestamps or sequence numbers and never change once landed. */
const migrations: Record<string, Migration> = {
  '0001_initial': initial,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** True when a migration this build knows has not run on the database yet. */
export async function migrationsPending(db: Db): Promise<boolean> {
  const migrator = new Migrator({ db: db.kysely, provider });
  return (await migrator.getMigrations()).some((m) => m.executedAt === undefined);
}

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db: db.kysely, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
