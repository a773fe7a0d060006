import { registry } from '@waypoint/shared';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { seedIfEmpty } from '../src/db/seed.ts';
import { insertMany } from '../src/features/models/models.repository.ts';
import { createPlayers, type Player } from './players.ts';

export const BENCH_MARKERS = 5000;

/**
 * The benchmarks' site: the demo seed plus one extra map (`bench_map`) of 5,000 placed markers, and
 * `players` logged-in players (their tokens answered).
 */
export async function prepareBenchData(
  dataDir: string,
  options: { databaseUrl?: string; players?: number } = {},
): Promise<Player[]> {
  const config = loadConfig({}, { dataDir, logLevel: 'warn', databaseUrl: options.databaseUrl ?? '' });
  const db = openDatabase(config);
  try {
    await migrateToLatest(db);
    await seedIfEmpty(db, config);
    const now = new Date().toISOString();
    await insertMany(
      db.kysely,
      registry.map,
      [registry.map.schema.parse({ _id: 'bench_map', name: 'Bench', gameId: 'frontier_zone' })],
      now,
    );
    const markers = Array.from({ length: BENCH_MARKERS }, (_, i) =>
      registry.placedmarker.schema.parse({
        _id: `bench_${i}`,
        mapId: 'bench_map',
        markerDefinitionId: 'quest_objective',
        name: `Marker ${i}`,
        description: `<p>Loot spot number ${i}</p>`,
        // Positions are whole image pixels over 2^maxZoom, as markers placed on a map are.
        lat: -Math.floor(Math.random() * 4096) / 32,
        lng: Math.floor(Math.random() * 4096) / 32,
      }),
    );
    await insertMany(db.kysely, registry.placedmarker, markers, now);
    return options.players ? await createPlayers(db, config, options.players) : [];
  } finally {
    await db.close();
  }
}
