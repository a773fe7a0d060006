// `npm run import -- <file>` with one format's option stages a file in the configured database
// (nothing live changes), reports what it could not stage, and leaves the review (accept, reject) to
// the imports page of the admin panel. The formats and their options (usage below):
// `--model <model>`: a JSON array (or JSON Lines) or CSV file of one model's records, the bad ones
// reported by line and field; `--datamaps <mapId>`: a DataMaps page read into a map (floors,
// definitions, markers), the pages it includes looked up among a folder's (or zip's) `.json` files
// (`--fragments`), with the mapping summary printed; `--geojson <mapId>`: a GeoJSON FeatureCollection
// (longitude/latitude placed through the map's geographic bounds or two reference points; without
// Waypoint definitions, the property naming them and the default); `--tarkov-dev <gameId>`:
// tarkov.dev's API answer (tasks and hideout stations) read into a game's traders, quests, items and
// hideout modules; `--package [--game <gameId>]`: a map package (map, floors, definitions, markers,
// quests and pictures) into a game (by default the one it was exported from).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { importableModels, type ModelKey } from '@waypoint/shared';
import { InteropError } from '@waypoint/shared/interop/format';
import {
  binaryFormats,
  gameContentFormats,
  mapContentFormats,
  modelFileFormats,
} from '@waypoint/shared/interop/formats';
import { referencePointsFromText } from '@waypoint/shared/interop/reference-points';
import { zContentUpload } from '@waypoint/shared/interop/requests';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { HttpError } from '../../http/errors.ts';
import { stageImport } from '../imports/stage-file.ts';
import { fragmentsFrom } from './datamaps-files.ts';
import { binaryStaging, gameContentStaging, mapContentStaging } from './formats.ts';
import { importPackage } from './package-cli.ts';

/** The text formats read into a map or a game, each chosen by `--{id} <target>`. */
const textFormats = [
  ...mapContentFormats.map(({ id, target }) => ({ id, target, staging: mapContentStaging[id] })),
  ...gameContentFormats.map(({ id, target }) => ({ id, target, staging: gameContentStaging[id] })),
];

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    model: { type: 'string', short: 'm' },
    ...Object.fromEntries(textFormats.map(({ id }) => [id, { type: 'string' as const }])),
    ...Object.fromEntries(binaryFormats.map(({ id }) => [id, { type: 'boolean' as const }])),
    source: { type: 'string' },
    'article-url': { type: 'string' },
    fragments: { type: 'string' },
    game: { type: 'string' },
    'definition-property': { type: 'string' },
    'default-definition': { type: 'string' },
    'reference-points': { type: 'string' },
  },
});
// The formats' own options are made from the registry, so their values are looked up by name.
const chosen = values as Record<string, string | boolean | undefined>;
const file = positionals[0];
const model = values.model as ModelKey | undefined;
const binary = binaryFormats.find(({ id }) => chosen[id] === true);
if (file && binary) {
  await importPackage(binaryStaging[binary.id], file, values.game as string | undefined);
  process.exit();
}
const text = textFormats.find(({ id }) => typeof chosen[id] === 'string');
if (file && text) {
  await importContent(file, chosen[text.id] as string, text);
  process.exit();
}
if (!file || !model || !importableModels().includes(model)) {
  const endings = modelFileFormats.flatMap((f) => f.extensions.map((extension) => `file${extension}`));
  console.error(`Usage: npm run import -- <${endings.join('|')}> --model <model>`);
  for (const { usage } of [...textFormats.map((f) => f.staging), ...Object.values(binaryStaging)])
    console.error(`       npm run import -- ${usage}`);
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
  const points = values['reference-points'] as string | undefined;
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

/** `target`: the map or game the file is read into (a DataMaps page's or GeoJSON file's map, a tarkov.dev answer's game). */
async function importContent(file: string, target: string, format: (typeof textFormats)[number]) {
  const { staging } = format;
  const config = loadConfig();
  const db = openDatabase(config);
  try {
    await migrateToLatest(db);
    const content = await readFile(path.resolve(process.env.INIT_CWD ?? process.cwd(), file), 'utf8');
    const started = performance.now();
    const ctx = { db, cacheBus: { changed() {} } };
    const actor = { id: null, username: 'import' };
    const source = (values.source as string | undefined) ?? path.basename(file);
    const fragments =
      staging.includesPages && values.fragments
        ? await fragmentsFrom(path.resolve(process.env.INIT_CWD ?? process.cwd(), values.fragments as string))
        : [];
    const result = await staging.stage(
      ctx,
      {
        targetId: target,
        upload: {
          content,
          source,
          articleUrl: values['article-url'] as string | undefined,
          fragments,
          // The choices of a map's content (GeoJSON's); a game's records have none.
          ...(format.target === 'map' ? geoJsonChoices() : {}),
        },
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
