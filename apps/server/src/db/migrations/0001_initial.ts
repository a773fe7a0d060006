import { type ColumnDataType, type CreateTableBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen once landed: later changes go into new migration files.

type Col = [
  name: string,
  type: 'text' | 'integer' | 'real' | 'json' | 'bool',
  options?: { notNull?: boolean; default?: unknown },
];

const real: ColumnDataType = 'double precision';

function column(table: CreateTableBuilder<string>, [name, type, options]: Col): CreateTableBuilder<string> {
  const dataType: ColumnDataType =
    type === 'real' ? real : type === 'integer' || type === 'bool' ? 'integer' : 'text';
  return table.addColumn(name, dataType, (c) => {
    let built = c;
    if (options?.notNull ?? true) built = built.notNull();
    if (options?.default !== undefined) built = built.defaultTo(options.default);
    return built;
  });
}

/** A content table: `_id` primary key, the given columns, an `images` map and timestamps. */
async function contentTable(
  db: Kysely<unknown>,
  name: string,
  columns: Col[],
  parent?: { field: string; table: string },
) {
  let table = db.schema.createTable(name).addColumn('_id', 'text', (c) => c.primaryKey());
  if (parent) {
    table = table.addColumn(parent.field, 'text', (c) =>
      c.notNull().references(`${parent.table}._id`).onDelete('cascade'),
    );
  }
  for (const col of columns) table = column(table, col);
  table = column(table, ['images', 'json', { default: '{}' }]);
  table = column(table, ['createdAt', 'text', { default: '' }]);
  table = column(table, ['updatedAt', 'text', { default: '' }]);
  await table.execute();
}

async function index(db: Kysely<unknown>, table: string, columns: string[]) {
  await db.schema
    .createIndex(`${table}_${columns.join('_')}_idx`)
    .on(table)
    .columns(columns)
    .execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const serial = (t: CreateTableBuilder<string>) =>
    isPostgres
      ? t.addColumn('id', 'serial', (c) => c.primaryKey())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  await contentTable(db, 'game', [
    ['name', 'text'],
    ['description', 'text', { default: '' }],
    ['weight', 'real', { default: 0 }],
    ['additionalFeatures', 'json', { default: '[]' }],
    ['content', 'text', { default: '' }],
  ]);
  await contentTable(
    db,
    'trader',
    [
      ['name', 'text'],
      ['weight', 'real', { default: 0 }],
    ],
    { field: 'gameId', table: 'game' },
  );
  await contentTable(
    db,
    'category',
    [
      ['name', 'text'],
      ['weight', 'real', { default: 0 }],
      ['preferredMap', 'text', { default: '' }],
    ],
    { field: 'gameId', table: 'game' },
  );
  await contentTable(
    db,
    'map',
    [
      ['name', 'text'],
      ['categoryId', 'text', { default: '' }],
      ['weight', 'real', { default: 0 }],
      ['enabled', 'bool', { default: 1 }],
      ['authorName', 'text', { default: '' }],
      ['authorLink', 'text', { default: '' }],
      ['attribution', 'text', { default: '' }],
      ['tilesPath', 'text', { default: '' }],
      ['maxZoom', 'integer', { default: 0 }],
      ['overwolfLocationEnabled', 'bool', { default: 1 }],
      ['imageProcessStatus', 'text', { default: 'NONE' }],
      ['imageProcessError', 'text', { default: '' }],
      ['imagePath', 'text', { default: '' }],
    ],
    { field: 'gameId', table: 'game' },
  );
  await contentTable(
    db,
    'quest',
    [
      ['name', 'text'],
      ['description', 'text', { default: '' }],
      ['questLevel', 'integer', { default: -1 }],
      ['traderId', 'text', { default: '' }],
      ['previous', 'text', { default: '' }],
      ['objectives', 'json', { default: '[]' }],
      ['rewards', 'json', { default: '[]' }],
      ['location', 'json', { default: '[]' }],
      ['wikiLink', 'text', { default: '' }],
      ['hidden', 'bool', { default: 0 }],
    ],
    { field: 'gameId', table: 'game' },
  );
  await contentTable(
    db,
    'item',
    [
      ['itemName', 'text'],
      ['type', 'text', { default: '' }],
      ['questItem', 'bool', { default: 0 }],
      ['owned', 'integer', { default: 0 }],
      ['required', 'json', { default: '[]' }],
      ['pricePerUnit', 'real', { default: 0 }],
      ['resultQuantity', 'integer', { default: 1 }],
      ['weight', 'real', { default: 0 }],
    ],
    { field: 'gameId', table: 'game' },
  );
  await contentTable(
    db,
    'hideoutmodule',
    [
      ['moduleTitle', 'text'],
      ['moduleLevels', 'json', { default: '[]' }],
    ],
    { field: 'gameId', table: 'game' },
  );
  await contentTable(
    db,
    'question',
    [
      ['text', 'text'],
      ['maps', 'json', { default: '[]' }],
      ['answers', 'json', { default: '[]' }],
    ],
    { field: 'gameId', table: 'game' },
  );
  await contentTable(
    db,
    'markerdefinition',
    [
      ['name', 'text'],
      ['description', 'text', { default: '' }],
      ['quest', 'bool', { default: 0 }],
      ['door', 'bool', { default: 0 }],
      ['key', 'text', { default: '' }],
      ['markerCategory', 'text', { default: '' }],
      ['markerDefinitionType', 'text', { default: 'SVG' }],
      ['backgroundShape', 'text', { default: 'NONE' }],
      ['wrapperColor', 'text', { default: '' }],
      ['innerColor', 'text', { default: '' }],
      ['polygonColor', 'text', { default: '' }],
      ['width', 'real', { default: -1 }],
      ['height', 'real', { default: -1 }],
      ['showNameLabel', 'bool', { default: 0 }],
      ['divIconClassName', 'text', { default: '' }],
      ['completable', 'bool', { default: 1 }],
      ['disabled', 'bool', { default: 1 }],
      ['authorName', 'text', { default: '' }],
    ],
    { field: 'gameId', table: 'game' },
  );
  await contentTable(
    db,
    'placedmarker',
    [
      ['name', 'text', { default: '' }],
      ['description', 'text', { default: '' }],
      ['markerDefinitionId', 'text'],
      ['lat', 'real', { default: 0 }],
      ['lng', 'real', { default: 0 }],
      ['imageX', 'real', { notNull: false }],
      ['imageY', 'real', { notNull: false }],
      ['questId', 'text', { default: '' }],
      ['questObjective', 'text', { default: '' }],
      ['itemId', 'text', { default: '' }],
      ['polygonPoints', 'json', { default: '[]' }],
      ['suggestionId', 'text', { default: '' }],
      ['authorName', 'text', { default: '' }],
      ['authorLink', 'text', { default: '' }],
      ['level', 'integer', { default: -1 }],
    ],
    { field: 'mapId', table: 'map' },
  );
  await contentTable(db, 'theme', [
    ['name', 'text'],
    ['primaryColor', 'text', { default: '' }],
    ['colors', 'json', { default: '{}' }],
    ['weight', 'real', { default: 0 }],
  ]);
  await contentTable(db, 'suggestion', [
    ['status', 'text', { default: 'SAVED' }],
    ['type', 'text'],
    ['action', 'text'],
    ['parentId', 'text'],
    ['userId', 'text', { default: '' }],
    ['username', 'text', { default: '' }],
    ['data', 'text', { default: '' }],
    ['imageUrl', 'text', { default: '' }],
    ['weight', 'real', { default: 0 }],
    ['upvotes', 'integer', { default: 0 }],
    ['downvotes', 'integer', { default: 0 }],
  ]);
  await contentTable(db, 'importedcrudmodel', [
    ['type', 'text'],
    ['data', 'text', { default: '' }],
    ['weight', 'real', { default: 0 }],
  ]);

  await db.schema
    .createTable('user')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('passwordHash', 'text', (c) => c.notNull())
    .addColumn('admin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('confirmed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('confirmHash', 'text', (c) => c.unique())
    .addColumn('confirmExpires', 'text')
    .addColumn('recoveryHash', 'text', (c) => c.unique())
    .addColumn('recoveryExpires', 'text')
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute();
  // Usernames are unique regardless of case.
  await sql`create unique index user_username_lower_idx on ${sql.table('user')} (lower(${sql.ref('username')}))`.execute(
    db,
  );

  const userRef = (c: Parameters<Parameters<CreateTableBuilder<string>['addColumn']>[2] & object>[0]) =>
    c.notNull().references('user.id').onDelete('cascade');

  await db.schema
    .createTable('user_quest_completion')
    .addColumn('userId', 'text', userRef)
    .addColumn('gameId', 'text', (c) => c.notNull())
    .addColumn('questId', 'text', (c) => c.notNull())
    .addColumn('completedAt', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_quest_completion_pk', ['userId', 'gameId', 'questId'])
    .execute();
  await db.schema
    .createTable('user_game_level')
    .addColumn('userId', 'text', userRef)
    .addColumn('gameId', 'text', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_game_level_pk', ['userId', 'gameId'])
    .execute();
  await db.schema
    .createTable('user_item_owned')
    .addColumn('userId', 'text', userRef)
    .addColumn('gameId', 'text', (c) => c.notNull())
    .addColumn('itemId', 'text', (c) => c.notNull())
    .addColumn('findOnly', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_item_owned_pk', ['userId', 'gameId', 'itemId', 'findOnly'])
    .execute();
  await db.schema
    .createTable('user_completed_marker')
    .addColumn('userId', 'text', userRef)
    .addColumn('markerId', 'text', (c) => c.notNull())
    .addColumn('mapId', 'text', (c) => c.notNull())
    .addColumn('completedAt', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_completed_marker_pk', ['userId', 'markerId'])
    .execute();

  await serial(db.schema.createTable('suggestion_comment'))
    .addColumn('suggestionId', 'text', (c) => c.notNull().references('suggestion._id').onDelete('cascade'))
    .addColumn('userId', 'text', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('suggestion_vote')
    .addColumn('suggestionId', 'text', (c) => c.notNull().references('suggestion._id').onDelete('cascade'))
    .addColumn('userId', 'text', (c) => c.notNull())
    .addColumn('value', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('suggestion_vote_pk', ['suggestionId', 'userId'])
    .execute();

  await serial(db.schema.createTable('audit_log'))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('userId', 'text')
    .addColumn('username', 'text')
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('recordId', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .execute();

  for (const table of [
    'category',
    'map',
    'quest',
    'item',
    'hideoutmodule',
    'question',
    'trader',
    'markerdefinition',
  ]) {
    await index(db, table, ['gameId']);
  }
  await index(db, 'map', ['categoryId']);
  await index(db, 'placedmarker', ['mapId']);
  await index(db, 'placedmarker', ['markerDefinitionId']);
  await index(db, 'placedmarker', ['questId']);
  await index(db, 'quest', ['previous']);
  await index(db, 'suggestion', ['status']);
  await index(db, 'suggestion', ['userId']);
  await index(db, 'suggestion', ['parentId']);
  await index(db, 'suggestion', ['type']);
  await index(db, 'importedcrudmodel', ['type']);
  await index(db, 'user_completed_marker', ['mapId']);
  await index(db, 'user_item_owned', ['userId', 'gameId']);
  await index(db, 'audit_log', ['model', 'recordId']);
}

export async function down(): Promise<void> {
  throw new Error('The initial migration cannot be reverted');
}
