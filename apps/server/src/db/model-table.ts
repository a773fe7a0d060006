import type { ModelDef } from '@waypoint/shared';
import type { ColumnDataType, Kysely } from 'kysely';

/**
 * Creates the table of a model added to the registry at run time (a plug-in or a test's throw-away
 * model) from its field declarations: `_id`, one column per field by its storage, the parent
 * reference with cascading delete, `images` and timestamps, as the migrations lay out content tables.
 */
export async function createModelTable(db: Kysely<unknown>, model: ModelDef): Promise<void> {
  let table = db.schema
    .createTable(model.table)
    .ifNotExists()
    .addColumn('_id', 'text', (c) => c.primaryKey());
  for (const [name, field] of Object.entries(model.fields)) {
    if (name === '_id') continue;
    const type: ColumnDataType =
      field.storage === 'real'
        ? 'double precision'
        : field.storage === 'integer' || field.storage === 'boolean'
          ? 'integer'
          : 'text';
    const parent = model.parent?.field === name ? model.parent.model : undefined;
    table = table.addColumn(name, type, (c) => {
      const column = field.nullable ? c : c.notNull();
      return parent ? column.references(`${parent}._id`).onDelete('cascade') : column;
    });
  }
  table = table
    .addColumn('images', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('createdAt', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('updatedAt', 'text', (c) => c.notNull().defaultTo(''));
  await table.execute();
}
