import { loadConfig } from '../config.ts';
import { openDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import { isContentEmpty, seedIfEmpty } from './seed.ts';

/** `npm run seed`: migrates and seeds the configured database when it holds no content yet. */
const config = loadConfig();
const db = openDatabase(config);
await migrateToLatest(db);
if (!(await isContentEmpty(db))) {
  console.log('The database already holds content: nothing seeded.');
} else {
  const counts = await seedIfEmpty(db, { ...config, seedDemo: true });
  console.log('Seeded:', counts);
}
await db.close();
