import { serverMessages, zId } from '@waypoint/shared';
import { zMapSearchQuery } from '@waypoint/shared/map/search';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { notFound, parse } from '../../http/errors.ts';
import { ensureAdmin } from '../auth/policy.ts';
import { onlyKnownQuery } from '../models/response-cache.ts';
import { searchMap, tileStatus } from './map-search.ts';
import { markerData, questsWithMarkers, visibleMap } from './map-view.service.ts';

const zMapParams = z.object({ mapId: zId });
const guest = { config: { role: 'guest' as const } };
const noParameters = new Set<string>();

/** Read routes of the map page; answers are cached until the next content write. */
export function registerMapViewRoutes(app: FastifyInstance) {
  const { db, cache } = app.ctx;
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

  /** Everything the map draws in one answer: the game's definitions and the map's markers as columns. */
  app.get('/api/map/:mapId/markers', guest, async (request, reply) => {
    const { mapId } = parse(zMapParams, request.params, 'params');
    onlyKnownQuery(request.query, noParameters);
    const asAdmin = await admin(request);
    const key = `${asAdmin ? 'admin' : 'public'}|map-markers|${mapId}`;
    return cache.send(request, reply, key, async () => markerData(db, await mapOf(request, asAdmin)));
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
   * so a page showing 'This map is being prepared' follows the job live.
   */
  app.get('/api/map/:mapId/status', guest, async (request) => {
    onlyKnownQuery(request.query, noParameters);
    const map = await mapOf(request, await admin(request));
    return tileStatus(db, map._id);
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
