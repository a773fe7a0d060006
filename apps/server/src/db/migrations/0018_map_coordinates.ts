import type { ColumnDataType, Kysely } from 'kysely';

// Frozen once landed: later changes go into new migration files.

/**
 * A map's game coordinates (the registry's `coord*` fields of `map`, packages/shared/src/map/coords.ts):
 * no scale means the map shows map pixels.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // PostgreSQL's `real` is single precision: numbers are double on both engines, as in 0001.
  const real: ColumnDataType = 'double precision';
  await db.schema.alterTable('map').addColumn('coordScale', real).execute();
  for (const column of ['coordOffsetX', 'coordOffsetY', 'coordRotation']) {
    await db.schema
      .alterTable('map')
      .addColumn(column, real, (c) => c.notNull().defaultTo(0))
      .execute();
  }
  await db.schema
    .alterTable('map')
    .addColumn('coordUnit', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(): Promise<void> {
  // Forward only.
}
