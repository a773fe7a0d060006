import { randomBytes } from 'node:crypto';
import { getModel } from '@waypoint/shared';
import { pinsMessages } from '@waypoint/shared/pins/pins-messages';
import {
  MAX_SHARES_PER_MAP,
  type TNewPinShare,
  type TPinShare,
  type TSharedPins,
  type TShareRoute,
} from '@waypoint/shared/pins/shares';
import { type Db, inTransaction } from '../../db/database.ts';
import { conflict, invalidInput, notFound } from '../../http/errors.ts';
import { findRecord } from '../models/models.repository.ts';
import {
  countShares,
  deleteShare,
  findShare,
  insertShare,
  ownPinIds,
  sharedPins,
  sharesOf,
} from './pin-shares.repository.ts';
import { lockUserPins } from './pins.repository.ts';
import type { PinActor, PinPlace } from './pins.service.ts';

/** 128 random bits: a link cannot be guessed or listed. */
const newShareId = () => randomBytes(16).toString('hex');

/**
 * Read-only links to sets of a player's pins: made and withdrawn by their owner, read by anyone
 * holding the link while the map is public.
 */
export function createPinSharesService(
  db: Db,
  requireMap: (mapId: string, actor: PinActor) => Promise<PinPlace>,
) {
  const k = db.kysely;
  return {
    async create(actor: PinActor, mapId: string, input: TNewPinShare): Promise<TPinShare> {
      const place = await requireMap(mapId, actor);
      const pinIds = [...new Set(input.pinIds)];
      const route = input.route ?? null;
      if (route) {
        // The route lies on the map picture (as the auto route does) and on one of its floors.
        const outside = pinsMessages.outsideMap(place.width, place.height);
        const problems = route.points.flatMap(([x, y], i) =>
          x > place.width || y > place.height ? [{ field: `body.route.points.${i}`, message: outside }] : [],
        );
        if (route.level !== -1 && !place.levels.has(route.level))
          problems.push({ field: 'body.route.level', message: pinsMessages.unknownLevel(route.level) });
        if (problems.length) throw invalidInput(problems);
      }
      return inTransaction(db, async (trx) => {
        // The same lock as placing and deleting pins: the pins checked are the pins linked.
        await lockUserPins(trx, db.dialect, actor.id);
        const own = await ownPinIds(trx, actor.id, mapId, pinIds);
        const problems = input.pinIds.flatMap((id, i) =>
          own.has(id) ? [] : [{ field: `body.pinIds.${i}`, message: pinsMessages.shareNotYours(id) }],
        );
        if (problems.length) throw invalidInput(problems);
        if ((await countShares(trx, actor.id, mapId)) >= MAX_SHARES_PER_MAP)
          throw conflict(pinsMessages.sharesFull(MAX_SHARES_PER_MAP));
        const share = {
          id: newShareId(),
          userId: actor.id,
          mapId,
          title: input.title,
          showName: input.showName,
          createdAt: new Date().toISOString(),
          route,
        };
        await insertShare(trx, share, pinIds);
        const { userId: _, route: __, ...answer } = share;
        return { ...answer, pinCount: pinIds.length, routeStops: route ? route.points.length - 1 : 0 };
      });
    },

    async list(actor: PinActor, mapId: string): Promise<TPinShare[]> {
      await requireMap(mapId, actor);
      return sharesOf(k, actor.id, mapId);
    },

    async withdraw(actor: PinActor, mapId: string, id: string): Promise<void> {
      if (!(await deleteShare(k, actor.id, mapId, id))) throw notFound(pinsMessages.shareNotFound);
    },

    /** What a link shows; 404 once withdrawn, and while its map is not public. */
    async read(id: string): Promise<TSharedPins> {
      const share = await findShare(k, id);
      const map = share ? await findRecord(k, getModel('map'), share.mapId) : undefined;
      if (!share || !map || map.enabled === false) throw notFound(pinsMessages.shareNotFound);
      return {
        id: share.id,
        gameId: String(map.gameId),
        mapId: share.mapId,
        title: share.title,
        owner: share.showName ? share.username : null,
        pins: await sharedPins(k, share.id),
        route: share.route ? (JSON.parse(share.route) as TShareRoute) : null,
      };
    },
  };
}

export type PinSharesService = ReturnType<typeof createPinSharesService>;
