import { zId } from '@waypoint/shared';
import { zNewPinShare, zShareId } from '@waypoint/shared/pins/shares';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { parse } from '../../http/errors.ts';
import { actorOf } from '../auth/policy.ts';
import { ownWriteRateLimit } from '../limits/limits.ts';
import type { PinSharesService } from './pin-shares.service.ts';

const zMap = z.object({ mapId: zId });
const zShare = z.object({ shareId: zShareId });
const zOwnShare = z.object({ mapId: zId, shareId: zShareId });
const user = { config: { role: 'user' as const } };

/**
 * No shared cache may keep these answers: the owner's list is theirs, and a link's pins must be gone
 * the moment it is withdrawn.
 */
const noStore = (reply: FastifyReply, scope: 'private' | 'public') =>
  reply.header('cache-control', scope === 'private' ? 'private, no-store' : 'no-store');

/** Read-only links to sets of a player's pins (README, "My pins and notes"). */
export function registerPinShareRoutes(app: FastifyInstance, config: Config, shares: PinSharesService) {
  // Making and withdrawing links is limited per user across maps (PIN_SHARE_RATE_LIMIT).
  const shareWrite = { config: { role: 'user' as const, rateLimit: ownWriteRateLimit(config, 'share') } };
  app.get('/api/user/pin-shares/:mapId', user, async (request, reply) => {
    noStore(reply, 'private');
    return shares.list(actorOf(request), parse(zMap, request.params, 'params').mapId);
  });

  app.post('/api/user/pin-shares/:mapId', shareWrite, async (request, reply) => {
    noStore(reply, 'private');
    const { mapId } = parse(zMap, request.params, 'params');
    const share = await shares.create(actorOf(request), mapId, parse(zNewPinShare, request.body, 'body'));
    return reply.status(201).send(share);
  });

  app.delete('/api/user/pin-shares/:mapId/:shareId', shareWrite, async (request, reply) => {
    noStore(reply, 'private');
    const { mapId, shareId } = parse(zOwnShare, request.params, 'params');
    await shares.withdraw(actorOf(request), mapId, shareId);
    return reply.status(204).send();
  });

  app.get('/api/pin-share/:shareId', { config: { role: 'guest' as const } }, async (request, reply) => {
    noStore(reply, 'public');
    return shares.read(parse(zShare, request.params, 'params').shareId);
  });
}
