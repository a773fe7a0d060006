import { maxPlayerLevel, messages, parsePlayerLevel, zId } from '@waypoint/shared';
import {
  type ProgressFile,
  progressLimits,
  zProgressIdSlice,
  zProgressImportShallow,
} from '@waypoint/shared/progress/portable';
import {
  markManyBodyBytes,
  zHideoutLevelChange,
  zMarkAll,
  zMarkerTick,
  zMarkMany,
  zObjectiveTick,
  zQuestBatch,
  zResetMapProgress,
} from '@waypoint/shared/progress/schemas';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { badRequest, fieldErrors, parse } from '../../http/errors.ts';
import { noStore } from '../../http/no-store.ts';
import { perUser } from '../limits/limits.ts';
import type { PortableProgressService } from './portable.service.ts';
import type { ProgressService } from './progress.service.ts';

const zGame = z.object({ gameId: zId });
const zQuest = zGame.extend({ questId: zId });
const zModule = zGame.extend({ moduleId: zId });
const zMarker = z.object({ id: zId });
const zItemQuantity = zGame.extend({
  itemId: zId,
  findOnly: z.enum(['true', 'false']).transform((v) => v === 'true'),
  quantity: z.string().max(20),
});

const user = { config: { role: 'user' as const, ownProgress: true } };

/** Parses a player level: a whole number, or a 400 with the specification's message. */
function parseLevel(raw: string): number {
  const parsed = parsePlayerLevel(raw);
  if (parsed.ok) return parsed.level;
  const message =
    parsed.reason === 'notANumber' ? messages.notANumber : messages.playerLevelRange(maxPlayerLevel);
  throw badRequest(parsed.reason === 'notANumber' ? message : `Invalid params.level: ${message}`, [
    { field: 'params.level', message },
  ]);
}

/** `7` sets the count; `+1` / `-1` change it atomically. */
function parseQuantity(raw: string): { absolute: number } | { delta: number } {
  const field = 'params.quantity';
  const match = /^([+-]?)(\d{1,7})$/.exec(raw);
  if (!match) {
    throw badRequest(`Invalid ${field}: use a whole number of 0 or more, or +n / -n`, [
      { field, message: 'Use a whole number of 0 or more, or +n / -n' },
    ]);
  }
  const value = Number(match[2]);
  if (match[1] === '+') return { delta: value };
  if (match[1] === '-') return { delta: -value };
  return { absolute: value };
}

/** Ids checked per turn of the event loop. */
const ID_SLICE = 5_000;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Validates an import like `zProgressImport`, but the long id lists in slices with a turn of the
 * event loop between them: a file of 100,000 ids does not keep other requests waiting.
 */
async function parseImport(body: unknown) {
  const shallow = parse(zProgressImportShallow, body, 'body');
  for (const [g, game] of shallow.file.games.entries()) {
    for (const key of ['completedQuests', 'completedMarkers'] as const) {
      const list = game[key];
      for (let at = 0; at < list.length; at += ID_SLICE) {
        await nextTurn();
        const result = zProgressIdSlice.safeParse(list.slice(at, at + ID_SLICE));
        if (result.success) continue;
        const errors = fieldErrors(result.error, `body.file.games.${g}.${key}`).map((e) => ({
          ...e,
          // The slice's index, as the index in the whole list.
          field: e.field.replace(/\.(\d+)$/, (_, i: string) => `.${at + Number(i)}`),
        }));
        throw badRequest(`Invalid ${errors[0]!.field}: ${errors[0]!.message}`, errors);
      }
    }
  }
  return { ...shallow, file: shallow.file as ProgressFile };
}

export function registerProgressRoutes(
  app: FastifyInstance,
  config: Config,
  progress: ProgressService,
  portable: PortableProgressService,
) {
  // Portable progress: the whole of a player's progress as one file, and back.
  app.get('/api/user/progress/export', user, async (request, reply) => {
    noStore(reply);
    const day = new Date().toISOString().slice(0, 10);
    const name = request.user!.username.replace(/[^\w.-]/g, '_');
    reply.header('content-disposition', `attachment; filename="waypoint-progress-${name}-${day}.json"`);
    return portable.exportAll(request.user!.id);
  });

  app.post(
    '/api/user/progress/import',
    {
      config: {
        role: 'user' as const,
        ownProgress: true,
        bodyLimit: progressLimits.bodyBytes,
        rateLimit: perUser('progress-import', config.progressImportRateLimit, 60 * 60_000),
      },
    },
    async (request, reply) => {
      noStore(reply);
      const body = await parseImport(request.body);
      return portable.importFile(request.user!.id, body.file, body.mode, body.preview);
    },
  );

  app.get('/api/user/quest/get/:gameId', user, async (request, reply) => {
    noStore(reply);
    return progress.getQuests(request.user!.id, parse(zGame, request.params, 'params').gameId);
  });

  for (const [action, completed] of [
    ['complete', true],
    ['uncomplete', false],
  ] as const) {
    app.get(`/api/user/quest/${action}/:gameId/:questId`, user, async (request, reply) => {
      noStore(reply);
      const p = parse(zQuest, request.params, 'params');
      return progress.setQuestCompleted(request.user!.id, p.gameId, p.questId, completed);
    });
  }

  app.post('/api/user/quest/batch/:gameId', user, async (request, reply) => {
    noStore(reply);
    const { gameId } = parse(zGame, request.params, 'params');
    const body = parse(zQuestBatch, request.body, 'body');
    return progress.setQuestsCompleted(request.user!.id, gameId, body.questIds, body.completed);
  });

  // One objective of a quest ticked or unticked; answers the quest save.
  app.post('/api/user/quest/objective/:gameId/:questId', user, async (request, reply) => {
    noStore(reply);
    const p = parse(zQuest, request.params, 'params');
    const body = parse(zObjectiveTick, request.body, 'body');
    return progress.setObjectiveDone(request.user!.id, p.gameId, p.questId, body.objective, body.done);
  });

  app.get('/api/user/quest/setuserlevel/:gameId/:level', user, async (request, reply) => {
    noStore(reply);
    const { level: raw, ...rest } = request.params as { gameId: string; level: string };
    const { gameId } = parse(zGame, rest, 'params');
    return progress.setLevel(request.user!.id, gameId, parseLevel(raw));
  });

  app.get('/api/user/itemstokeep/get/:gameId', user, async (request, reply) => {
    noStore(reply);
    return progress.getItems(request.user!.id, parse(zGame, request.params, 'params').gameId);
  });

  app.get(
    '/api/user/itemstokeep/setItemQuantity/:gameId/:itemId/:findOnly/:quantity',
    user,
    async (request, reply) => {
      noStore(reply);
      const p = parse(zItemQuantity, request.params, 'params');
      return progress.setItemQuantity(
        request.user!.id,
        p.gameId,
        p.itemId,
        p.findOnly,
        parseQuantity(p.quantity),
      );
    },
  );

  // Hideout progress: the level built of each hideout module of a game.
  app.get('/api/user/hideout/:gameId', user, async (request, reply) => {
    noStore(reply);
    return progress.getHideout(request.user!.id, parse(zGame, request.params, 'params').gameId);
  });

  app.put('/api/user/hideout/:gameId/:moduleId', user, async (request, reply) => {
    noStore(reply);
    const p = parse(zModule, request.params, 'params');
    const { level } = parse(zHideoutLevelChange, request.body, 'body');
    return progress.setHideoutLevel(request.user!.id, p.gameId, p.moduleId, level);
  });

  app.get('/api/usercompletedmarkers/list', user, async (request, reply) => {
    noStore(reply);
    return progress.completedMarkers(request.user!.id);
  });

  for (const [action, completed] of [
    ['markCompleted', true],
    ['markUncompleted', false],
  ] as const) {
    app.post(`/api/usercompletedmarkers/${action}/:id`, user, async (request, reply) => {
      noStore(reply);
      const { id } = parse(zMarker, request.params, 'params');
      const tick = parse(zMarkerTick, request.body ?? undefined, 'body');
      return progress.setMarkerCompleted(request.user!.id, id, completed, {
        admin: request.user!.admin === true,
        at: tick?.at,
      });
    });
  }

  // Every marker of a definition or panel group at once, and its undo: answer the markers changed.
  app.post('/api/usercompletedmarkers/markAll', user, async (request, reply) => {
    noStore(reply);
    const body = parse(zMarkAll, request.body, 'body');
    return progress.markAll(request.user!.id, body, request.user!.admin === true);
  });

  app.get('/api/usercompletedmarkers/progress/:gameId', user, async (request, reply) => {
    noStore(reply);
    return progress.markerProgress(request.user!.id, parse(zGame, request.params, 'params').gameId);
  });

  app.post('/api/usercompletedmarkers/resetMap', user, async (request, reply) => {
    noStore(reply);
    const { mapId } = parse(zResetMapProgress, request.body, 'body');
    return progress.resetMap(request.user!.id, mapId, request.user!.admin === true);
  });

  app.post(
    '/api/usercompletedmarkers/markMany',
    // The undo of a whole map's markers names each of them.
    { config: { ...user.config, bodyLimit: markManyBodyBytes } },
    async (request, reply) => {
      noStore(reply);
      const body = parse(zMarkMany, request.body, 'body');
      return progress.markMany(request.user!.id, body, request.user!.admin === true);
    },
  );
}
