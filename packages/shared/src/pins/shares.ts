/**
 * A read-only link to a set of a player's own pins: anyone opening it sees those pins over the map
 * (`?pinShare={id}`), until the owner withdraws it. The link's id is 128 random bits (unguessable);
 * the answer names the owner only when they chose to show their username.
 */
import { z } from 'zod';
import { maxRouteStops } from '../map/route.ts';
import { MAX_PINS_PER_MAP } from './limits.ts';
import { pinsMessages } from './pins-messages.ts';
import { type TPin, zPinId } from './schemas.ts';

/** Links a player may have on one map at a time. */
export const MAX_SHARES_PER_MAP = 50;
export const MAX_SHARE_TITLE_LENGTH = 100;

/** A link's id: 32 hexadecimal digits. */
export const zShareId = z.string().regex(/^[0-9a-f]{32}$/, 'Use the 32 hexadecimal digits of a link');

/** A point of a shared route, in map pixels. */
const zRoutePoint = z.tuple([
  z.number().finite().min(0).max(1_000_000),
  z.number().finite().min(0).max(1_000_000),
]);

/**
 * A route shown by a link: the auto route's line from its start through its stops, in map pixels,
 * on one floor (-1: every floor).
 */
export const zShareRoute = z.strictObject({
  points: z
    .array(zRoutePoint)
    .min(2)
    .max(maxRouteStops + 1),
  level: z.number().int().min(-1).max(1000).default(-1),
});
export type TShareRoute = z.infer<typeof zShareRoute>;

export const zNewPinShare = z
  .strictObject({
    pinIds: z.array(zPinId).max(MAX_PINS_PER_MAP).default([]),
    route: zShareRoute.optional(),
    title: z.string().trim().max(MAX_SHARE_TITLE_LENGTH).default(''),
    showName: z.boolean().default(false),
  })
  .refine((share) => share.pinIds.length > 0 || share.route !== undefined, {
    path: ['pinIds'],
    message: pinsMessages.shareChooseOne,
  });
export type TNewPinShare = z.infer<typeof zNewPinShare>;

/** One of the owner's links (`GET /api/user/pin-shares/{mapId}`). */
export interface TPinShare {
  id: string;
  mapId: string;
  title: string;
  showName: boolean;
  pinCount: number;
  /** Stops of the route it shows (0: none). */
  routeStops: number;
  createdAt: string;
}

/** A shared pin as anyone sees it: no ids or times of the owner's. */
export type TSharedPin = Pick<TPin, 'name' | 'note' | 'colour' | 'level' | 'x' | 'y'> & { id: string };

/** `GET /api/pin-share/{id}`: what the link shows. */
export interface TSharedPins {
  id: string;
  gameId: string;
  mapId: string;
  title: string;
  /** The owner's username, when they chose to show it. */
  owner: string | null;
  pins: TSharedPin[];
  route: TShareRoute | null;
}

/** The address of a link: the map with the shared pins over it. */
export function pinShareLink(origin: string, gameId: string, mapId: string, shareId: string): string {
  const path = `/game/${encodeURIComponent(gameId)}/maps/${encodeURIComponent(mapId)}`;
  return `${origin}${path}?pinShare=${shareId}`;
}
