import type { Executor } from '../../db/database.ts';
import type { LiveMessage } from '../../db/live-outbox.ts';
import type { ContentChange } from '../models/models.service.ts';
import { gamesOfMaps } from './live.repository.ts';

/** Writes that are not content of a map or game page (the suggestion queue, staged imports). */
const notShown = new Set(['suggestion', 'importedcrudmodel']);

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * The live event of a content write (the one writer's change, in its transaction): which game, which
 * maps, which models. A record naming only its map (a placed marker, a floor) is found its game.
 */
export async function contentMessage(trx: Executor, change: ContentChange): Promise<LiveMessage | undefined> {
  if (notShown.has(change.model)) return undefined;
  const maps = new Set<string>();
  const games = new Set<string>();
  const unknownGame: string[] = [];
  for (const record of change.records) {
    const mapId = change.model === 'map' ? text(record._id) : text(record.mapId);
    const gameId = change.model === 'game' ? text(record._id) : text(record.gameId);
    if (mapId) maps.add(mapId);
    if (gameId) games.add(gameId);
    else if (mapId) unknownGame.push(mapId);
  }
  if (unknownGame.length > 0)
    for (const gameId of (await gamesOfMaps(trx, unknownGame)).values()) games.add(gameId);
  // One game per write in practice (a suggestion, an edit, an import of one game's records).
  const [gameId] = games;
  if (gameId === undefined) return undefined;
  return { kind: 'content', gameId, data: { gameId, mapIds: [...maps], models: [change.model] } };
}
