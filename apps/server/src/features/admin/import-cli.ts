// `npm run import -- <file.json|file.csv> --model quest`: stages the file's records as imported
// models in the configured database (nothing live changes), reports the bad ones by line and field,
// and leaves the review (accept, reject) to the imports page of the admin panel.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { importableModels, type ModelKey } from '@waypoint/shared';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { stageImport } from './imports.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { model: { type: 'string', short: 'm' } },
});
const file = positionals[0];
const model = values.model as ModelKey | undefined;
if (!file || !model || !importableModels().includes(model)) {
  console.error('Usage: npm run import -- <file.json|file.csv> --model <model>');
  console.error(`Models: ${importableModels().join(', ')}`);
  process.exit(2);
}
const config = loadConfig();
const db = openDatabase(config);
try {
  await migrateToLatest(db);
  const content = await readFile(path.resolve(process.env.INIT_CWD ?? process.cwd(), file), 'utf8');
  const started = performance.now();
  const result = await stageImport({ db, cacheBus: { changed() {} } }, model, path.basename(file), content, {
    id: null,
    username: 'import',
  });
  const ms = Math.round(performance.now() - started);
  console.log(`Staged ${result.staged} ${model} record(s) in ${ms} ms; review them at /admin/imports.`);
  for (const p of result.problems)
    console.log(`line ${p.line}${p.field ? `, ${p.field}` : ''}: ${p.message}`);
  if (result.problems.length > 0) {
    console.log(`${result.problems.length} problem(s): those records were not staged.`);
    process.exitCode = 1;
  }
} finally {
  await db.close();
}
