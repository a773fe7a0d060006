import { serverMessages } from '@waypoint/shared';
import {
  zChunkParams,
  zChunkQuery,
  zMapParams,
  zMapSearchQuery,
  zTileStatusQuery,
} from '@waypoint/shared/api/read-api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, notFound, parse } from '../../http/errors.ts';
import { ensureAdmin } from '../auth/policy.ts';
import { onlyKnownQuery, Serialized } from '../models/response-cache.ts';
import { searchMap, tileStatus } from './map-search.ts';
import { markerCount } from './map-view.repository.ts';
import { markerData, questsWithMarkers, visibleMap } from './map-view.service.ts';
import { buildChunkSet, ChunkSets } from './marker-chunks.service.ts';

const guest = { config: { role: 'guest' as const } };
const noParameters = new Set<string>();
const chunkParameters = new Set(['v']);

/** Read routes of the map page; answers are cached until the next content write. */
export function registerMapViewRoutes(app: FastifyInstance) {
  const { db, cache, config } = app.ctx;
  /** Admins also see disabled maps; the flag in the token is checked against the database. */
  const admin = async (request: FastifyRequest) =>
    request.user?.admin === true &&
    (await ensureAdmin(db, request).then(
      () => true,
      () => false,
    ));

  async function mapOf(request: FastifyRequest, asAdmin: boolean) {
    const { mapId } = parse(zMapParams, request.params, 'params');
    const map = await visibleMap(db, mapId, asAdmin);
    if (!map) throw notFound(serverMessages.notFound('Map', mapId));
    return map;
  }

  const chunkSets = new ChunkSets();
  const chunkSetOf = (map: Awaited<ReturnType<typeof mapOf>>) =>
    chunkSets.get(map._id, cache.version, () => buildChunkSet(db, map));

  /**
   * Everything the map draws in one answer: the game's definitions and the map's markers as
   * columns; for a large map the definitions and the manifest of its binary chunks.
   */
  app.get('/api/map/:mapId/markers', guest, async (request, reply) => {
    const { mapId } = parse(zMapParams, request.params, 'params');
    onlyKnownQuery(request.query, noParameters);
    const asAdmin = await admin(request);
    const key = `${asAdmin ? 'admin' : 'public'}|map-markers|${mapId}`;
    return cache.send(request, reply, key, async () => {
      const map = await mapOf(request, asAdmin);
      if ((await markerCount(db, map._id)) <= config.mapChunkedAbove) return markerData(db, map);
      return (await chunkSetOf(map)).data;
    });
  });

  /**
   * One binary chunk of a large map's markers (marker-chunks.ts). `v` is the manifest's version: a
   * chunk of another version answers 409, and the page reads the manifest again.
   */
  app.get('/api/map/:mapId/markers/chunks/:n', guest, async (request, reply) => {
    const { mapId, n } = parse(zChunkParams, request.params, 'params');
    onlyKnownQuery(request.query, chunkParameters);
    const { v } = parse(zChunkQuery, request.query, 'query');
    const asAdmin = await admin(request);
    const map = await mapOf(request, asAdmin);
    const set = await chunkSetOf(map);
    if (v && v !== set.data.chunks?.version) throw new HttpError(409, serverMessages.staleChunk);
    const body = set.bodies[n];
    if (!body) throw notFound(serverMessages.notFound('Chunk', `${mapId}/${n}`));
    const key = `${asAdmin ? 'admin' : 'public'}|map-marker-chunk|${mapId}|${n}`;
    return cache.send(
      request,
      reply,
      key,
      async () => new Serialized(body, 'application/octet-stream'),
      true,
    );
  });

  app.get('/api/quests/:mapId', guest, async (request, reply) => {
    const { mapId } = parse(zMapParams, request.params, 'params');
    onlyKnownQuery(request.query, noParameters);
    const asAdmin = await admin(request);
    const key = `${asAdmin ? 'admin' : 'public'}|map-quests|${mapId}`;
    return cache.send(request, reply, key, async () => questsWithMarkers(db, await mapOf(request, asAdmin)));
  });

  /**
   * Where the map's tiles are (drawn, queued, being cut, done): read uncached, one row by its key,
   * so a page showing 'This map is being prepared' follows the job live; `?level=` follows a floor's.
   */
  const statusParameters = new Set(['level']);
  app.get('/api/map/:mapId/status', guest, async (request) => {
    onlyKnownQuery(request.query, statusParameters);
    const { level } = parse(zTileStatusQuery, request.query, 'query');
    const map = await mapOf(request, await admin(request));
    return tileStatus(db, map._id, level);
  });

  /** The map page's search box: markers, definitions, quests and items in one answer. */
  const searchParameters = new Set(['q']);
  app.get('/api/map/:mapId/search', guest, async (request, reply) => {
    const { mapId } = parse(zMapParams, request.params, 'params');
    onlyKnownQuery(request.query, searchParameters);
    const { q } = parse(zMapSearchQuery, request.query, 'query');
    const asAdmin = await admin(request);
    const key = `${asAdmin ? 'admin' : 'public'}|map-search|${mapId}|${q.toLowerCase()}`;
    return cache.send(request, reply, key, async () => searchMap(db, await mapOf(request, asAdmin), q));
  });
}
