import { zId } from '@waypoint/shared';
import { geojsonLimits, zGeoJsonImport } from '@waypoint/shared/pins/geojson';
import {
  zMarkerNoteInput,
  zNewPin,
  zPinChange,
  zPinParams,
  zPinSuggestion,
} from '@waypoint/shared/pins/schemas';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { parse } from '../../http/errors.ts';
import { actorOf } from '../auth/policy.ts';
import { ownWriteRateLimit, writeRateLimit } from '../limits/limits.ts';
import type { PinsService } from './pins.service.ts';

const zMap = z.object({ mapId: zId });
const zMarker = z.object({ markerId: zId });
const user = { config: { role: 'user' as const } };

/** Pins are one player's: no shared cache (proxy, CDN) may keep or hand them to anyone else. */
const privateAnswer = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store');

/** A player's own pins on a map and notes on placed markers. */
export function registerPinRoutes(app: FastifyInstance, config: Config, pins: PinsService) {
  // The player's own writes are limited per user across maps (PIN_WRITE_RATE_LIMIT, PIN_IMPORT_RATE_LIMIT).
  const pinWrite = { config: { role: 'user' as const, rateLimit: ownWriteRateLimit(config, 'pin') } };
  app.get('/api/user/pins/:mapId', user, async (request, reply) => {
    privateAnswer(reply);
    return pins.list(actorOf(request), parse(zMap, request.params, 'params').mapId);
  });

  app.post('/api/user/pins/:mapId', pinWrite, async (request, reply) => {
    privateAnswer(reply);
    const { mapId } = parse(zMap, request.params, 'params');
    const body = parse(zNewPin, request.body, 'body');
    const { pin, created } = await pins.create(actorOf(request), mapId, body);
    return reply.status(created ? 201 : 200).send(pin);
  });

  app.patch('/api/user/pins/:mapId/:pinId', pinWrite, async (request, reply) => {
    privateAnswer(reply);
    const { mapId, pinId } = parse(zPinParams, request.params, 'params');
    return pins.update(actorOf(request), mapId, pinId, parse(zPinChange, request.body, 'body'));
  });

  app.delete('/api/user/pins/:mapId/:pinId', pinWrite, async (request, reply) => {
    privateAnswer(reply);
    const { mapId, pinId } = parse(zPinParams, request.params, 'params');
    await pins.remove(actorOf(request), mapId, pinId);
    return reply.status(204).send();
  });

  // A pin made a suggestion for everyone: limited like the suggestions made on the map.
  const suggestLimit = { config: { role: 'user' as const, rateLimit: writeRateLimit(config, 'suggestion') } };
  app.post('/api/user/pins/:mapId/:pinId/suggest', suggestLimit, async (request, reply) => {
    privateAnswer(reply);
    const { mapId, pinId } = parse(zPinParams, request.params, 'params');
    const { markerDefinitionId } = parse(zPinSuggestion, request.body, 'body');
    const suggestion = await pins.suggest(actorOf(request), mapId, pinId, markerDefinitionId);
    return reply.status(201).send(suggestion);
  });

  // GeoJSON out and in (README, "My pins and notes").
  app.get('/api/user/pins/:mapId/geojson', user, async (request, reply) => {
    privateAnswer(reply);
    const { mapId } = parse(zMap, request.params, 'params');
    reply.header('content-type', 'application/geo+json; charset=utf-8');
    reply.header('content-disposition', `attachment; filename="waypoint-pins-${mapId}.geojson"`);
    return JSON.stringify(await pins.exportGeoJson(actorOf(request), mapId));
  });

  const importConfig = {
    config: {
      role: 'user' as const,
      bodyLimit: geojsonLimits.bodyBytes,
      rateLimit: ownWriteRateLimit(config, 'pinSet'),
    },
  };
  app.post('/api/user/pins/:mapId/geojson', importConfig, async (request, reply) => {
    privateAnswer(reply);
    const { mapId } = parse(zMap, request.params, 'params');
    const { collection, preview } = parse(zGeoJsonImport, request.body, 'body');
    return pins.importGeoJson(actorOf(request), mapId, collection.features, preview);
  });

  app.put('/api/user/marker-notes/:markerId', pinWrite, async (request, reply) => {
    privateAnswer(reply);
    const { markerId } = parse(zMarker, request.params, 'params');
    const { note } = parse(zMarkerNoteInput, request.body, 'body');
    return pins.setMarkerNote(actorOf(request), markerId, note);
  });
}
