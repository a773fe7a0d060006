import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import { openDatabase } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { HttpError } from '../../http/errors.ts';
import { createStore } from '../../storage/index.ts';
import { createImageService } from '../images/images.service.ts';
import { createModelWriter } from '../models/models.service.ts';
import type { binaryStaging } from './formats.ts';

/**
 * `npm run import -- <map.zip> --package [--game <gameId>]`: stages a map package in the configured
 * database and storage (its pictures decoded and kept staged) for the imports page's review.
 */
export async function importPackage(
  staging: (typeof binaryStaging)[keyof typeof binaryStaging],
  file: string,
  gameId: string | undefined,
) {
  const config = loadConfig();
  const db = openDatabase(config);
  const store = createStore(config);
  try {
    await migrateToLatest(db);
    const bytes = await readFile(path.resolve(process.env.INIT_CWD ?? process.cwd(), file));
    const cacheBus = { changed() {} };
    // The staging needs the pictures' decoding and storage only (no server, no cache, no mail).
    const pictures = createImageService({
      config,
      db,
      store,
      writer: createModelWriter(db, () => {}),
    } as unknown as AppContext);
    const started = performance.now();
    const result = await staging.stage(
      { db, store, cacheBus },
      pictures,
      { bytes, ...(gameId ? { gameId } : {}) },
      { id: null, username: 'import' },
    );
    const ms = Math.round(performance.now() - started);
    const counts = Object.entries(result.staged)
      .map(([key, n]) => `${n} ${key}`)
      .join(', ');
    console.log(
      `Staged ${counts} and ${result.pictures} picture(s) (${result.unchanged} unchanged) of the map ${result.mapId} in ${ms} ms; review them at /admin/imports.`,
    );
    for (const n of result.notes) console.log(`not carried: ${n.record} ${n.field}: ${n.note}`);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    console.error(error.message);
    for (const e of error.errors ?? []) console.error(`${e.field}: ${e.message}`);
    console.error('Nothing was staged.');
    process.exitCode = 1;
  } finally {
    await db.close();
    await store.close();
  }
}
