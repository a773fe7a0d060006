// `npm run import -- <file.json|file.csv> --model quest`: stages the file's records as imported
// models in the configured database (nothing live changes), reports the bad ones by line and field,
// and leaves the review (accept, reject) to the imports page of the admin panel.
// `npm run import -- <page.json> --datamaps <mapId> [--source Map:Name] [--fragments <folder|zip>]`:
// the same for a DataMaps page read into a map (floors, definitions, markers), the pages it includes
// looked up among the folder's (or zip's) `.json` files, with the mapping summary printed;
// `npm run import -- <file.geojson> --geojson <mapId> [--source name] [--definition-property type]
// [--default-definition <id>] [--reference-points 'x,y,lon,lat;x,y,lon,lat']`: a GeoJSON FeatureCollection
// (longitude/latitude placed through the map's geographic bounds or two reference points; without
// Waypoint definitions, the property naming them and the default);
// `npm run import -- <answer.json> --tarkov-dev <gameId> [--source name]`: tarkov.dev's API answer
// (tasks and hideout stations) read into a game's traders, quests, items and hideout modules.
// `npm run import -- <map.zip> --package [--game <gameId>]`: a map package (map, floors, definitions,
// markers, quests and pictures) into a game (by default the one it was exported from).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { importableModels, type ModelKey } from '@waypoint/shared';
import { InteropError } from '@waypoint/shared/interop/datamaps';
import { referencePointsFromText } from '@waypoint/shared/interop/reference-points';
import { type ContentFormat, zContentUpload } from '@waypoint/shared/interop/requests';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { HttpError } from '../../http/errors.ts';
import { stageContent } from '../interop/content-import.ts';
import { fragmentsFrom } from '../interop/datamaps-files.ts';
import { importPackage } from '../interop/package-cli.ts';
import { stageTarkovDev } from '../interop/tarkov-import.ts';
import { stageImport } from './imports.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    model: { type: 'string', short: 'm' },
    datamaps: { type: 'string' },
    geojson: { type: 'string' },
    'tarkov-dev': { type: 'string' },
    source: { type: 'string' },
    'article-url': { type: 'string' },
    fragments: { type: 'string' },
    package: { type: 'boolean' },
    game: { type: 'string' },
    'definition-property': { type: 'string' },
    'default-definition': { type: 'string' },
    'reference-points': { type: 'string' },
  },
});
const file = positionals[0];
const model = values.model as ModelKey | undefined;
if (file && values.package) {
  await importPackage(file, values.game);
  process.exit();
}
if (file && (values.datamaps || values.geojson || values['tarkov-dev'])) {
  if (values.datamaps) await importContent(file, values.datamaps, 'datamaps');
  else if (values.geojson) await importContent(file, values.geojson, 'geojson');
  else await importContent(file, values['tarkov-dev'] as string, 'tarkov-dev');
  process.exit();
}
if (!file || !model || !importableModels().includes(model)) {
  console.error('Usage: npm run import -- <file.json|file.csv> --model <model>');
  console.error(
    '       npm run import -- <page.json> --datamaps <mapId> [--source <name>] [--article-url <url>] [--fragments <folder|zip>]',
  );
  console.error(
    '       npm run import -- <file.geojson> --geojson <mapId> [--source <name>] [--definition-property <property>] [--default-definition <id>] [--reference-points <x,y,lon,lat;x,y,lon,lat>]',
  );
  console.error('       npm run import -- <answer.json> --tarkov-dev <gameId> [--source <name>]');
  console.error('       npm run import -- <map.zip> --package [--game <gameId>]');
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

/** The GeoJSON choices of the command line, checked as the import route checks them. */
function geoJsonChoices() {
  const points = values['reference-points'];
  const parsed = zContentUpload
    .pick({ definitionProperty: true, defaultDefinition: true, referencePoints: true })
    .safeParse({
      definitionProperty: values['definition-property'],
      defaultDefinition: values['default-definition'],
      referencePoints: points === undefined ? undefined : referencePointsFromText(points),
    });
  if (!parsed.success) {
    const flags: Record<string, string> = {
      definitionProperty: 'definition-property',
      defaultDefinition: 'default-definition',
      referencePoints: 'reference-points',
    };
    for (const issue of parsed.error.issues)
      console.error(`--${flags[String(issue.path[0])] ?? issue.path.join('.')}: ${issue.message}`);
    process.exit(2);
  }
  return parsed.data;
}

/** `target`: the map a DataMaps page or GeoJSON file is read into, or the game of a tarkov.dev answer. */
async function importContent(file: string, target: string, format: ContentFormat | 'tarkov-dev') {
  const config = loadConfig();
  const db = openDatabase(config);
  try {
    await migrateToLatest(db);
    const content = await readFile(path.resolve(process.env.INIT_CWD ?? process.cwd(), file), 'utf8');
    const started = performance.now();
    const ctx = { db, cacheBus: { changed() {} } };
    const actor = { id: null, username: 'import' };
    const source = values.source ?? path.basename(file);
    const fragments =
      format === 'datamaps' && values.fragments
        ? await fragmentsFrom(path.resolve(process.env.INIT_CWD ?? process.cwd(), values.fragments))
        : [];
    const result =
      format === 'tarkov-dev'
        ? await stageTarkovDev(ctx, { gameId: target, content, source }, actor)
        : await stageContent(
            ctx,
            {
              mapId: target,
              format,
              content,
              source,
              articleUrl: values['article-url'],
              fragments,
              ...geoJsonChoices(),
            },
            actor,
          );
    const ms = Math.round(performance.now() - started);
    const counts = Object.entries(result.staged)
      .map(([key, n]) => `${n} ${key}`)
      .join(', ');
    console.log(
      `Staged ${counts} (${result.unchanged} unchanged) in ${ms} ms; review them at /admin/imports.`,
    );
    for (const n of result.notes)
      console.log(`not carried: ${n.record}${n.field ? ` ${n.field}` : ''}: ${n.note}`);
  } catch (error) {
    if (error instanceof InteropError) {
      for (const p of error.problems)
        console.error(`${p.record}${p.field ? ` ${p.field}` : ''}: ${p.message}`);
      console.error('Nothing was staged.');
      process.exitCode = 1;
      return;
    }
    const errors = (error as { errors?: { field: string; message: string }[] }).errors;
    if (!(error instanceof HttpError)) throw error;
    console.error(error.message);
    for (const e of errors ?? []) console.error(`${e.field}: ${e.message}`);
    console.error('Nothing was staged.');
    process.exitCode = 1;
  } finally {
    await db.close();
  }
}
