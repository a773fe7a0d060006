import type { ColumnDataType, Kysely } from 'kysely';

// Frozen once landed: later changes go into new migration files.

/**
 * A map's geographic bounds in degrees (the registry's `geo*` fields of `map`): where GeoJSON in
 * longitude/latitude lands on the picture. Empty: the map has none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // PostgreSQL's `real` is single precision: numbers are double on both engines, as in 0001.
  const real: ColumnDataType = 'double precision';
  for (const column of ['geoWest', 'geoSouth', 'geoEast', 'geoNorth'])
    await db.schema.alterTable('map').addColumn(column, real).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['geoNorth', 'geoEast', 'geoSouth', 'geoWest'])
    await db.schema.alterTable('map').dropColumn(column).execute();
}
