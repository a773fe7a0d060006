import { createHash } from 'node:crypto';
import { normalizeIP, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { HttpError } from '../../http/errors.ts';
import type { RateLimitCounters } from './counters.ts';

/**
 * The client's address as far as the configured proxies vouch for it (TRUST_PROXY); IPv6
 * addresses count per /64, as one subscriber usually holds a whole /64.
 */
export const clientAddress = (request: FastifyRequest) => normalizeIP(request.ip, 64);

/** Default key of a route limit: the route and the client address. */
export const routeAddressKey = (request: FastifyRequest) =>
  `${request.method} ${request.routeOptions.url}|ip:${clientAddress(request)}`;

/** A limit per client address on one named bucket (shared by every route that uses the name). */
export function perAddress(name: string, max: number, timeWindowMs: number): RateLimitOptions {
  return { max, timeWindow: timeWindowMs, keyGenerator: (request) => `${name}|ip:${clientAddress(request)}` };
}

/**
 * A limit per logged-in user on one named bucket, whatever address they come from; a request
 * without a user (only possible on guest routes) counts against its address.
 */
export function perUser(name: string, max: number, timeWindowMs: number): RateLimitOptions {
  return {
    max,
    timeWindow: timeWindowMs,
    keyGenerator: (request) =>
      `${name}|${request.user ? `user:${request.user.id}` : `ip:${clientAddress(request)}`}`,
  };
}

export type CommunityWrite = 'suggestion' | 'comment' | 'vote';

/**
 * The limit of a community write route, per user per minute (SUGGESTION_RATE_LIMIT,
 * COMMENT_RATE_LIMIT, VOTE_RATE_LIMIT); an account younger than NEW_ACCOUNT_DAYS gets a quarter of
 * it (at least one), as throw-away accounts are where vandalism comes from. Every route of a kind
 * shares one bucket, e.g.
 * `app.post(url, { config: { role: 'user', rateLimit: writeRateLimit(config, 'vote') } }, …)`.
 */
export function writeRateLimit(config: Config, kind: CommunityWrite): RateLimitOptions {
  const max = {
    suggestion: config.suggestionRateLimit,
    comment: config.commentRateLimit,
    vote: config.voteRateLimit,
  }[kind];
  const young = Math.max(1, Math.ceil(max / 4));
  const newFor = config.newAccountDays * 86_400_000;
  return {
    ...perUser(`write:${kind}`, max, 60_000),
    // The policy has read the user's standing (with the account's age) before the limit runs.
    max: (request) => {
      const since = Date.parse(request.standing?.accountCreatedAt ?? '');
      return newFor > 0 && Date.now() - since < newFor ? young : max;
    },
  };
}

export type OwnWrite = 'pin' | 'pinSet' | 'share';

/**
 * The limit of a route that writes the player's own data, per user per minute, across all maps
 * (PIN_WRITE_RATE_LIMIT for pins and marker notes, PIN_IMPORT_RATE_LIMIT for GeoJSON imports of
 * pin sets, PIN_SHARE_RATE_LIMIT for share links): the per-map caps bound what is kept, these how
 * fast a script can write and rewrite it.
 */
export function ownWriteRateLimit(config: Config, kind: OwnWrite): RateLimitOptions {
  const max = {
    pin: config.pinWriteRateLimit,
    pinSet: config.pinImportRateLimit,
    share: config.pinShareRateLimit,
  }[kind];
  return perUser(`own:${kind}`, max, 60_000);
}

/** A 429 from a limit checked by a service, with the seconds until it lifts. */
export class LimitReached extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}

/** Adds `Retry-After` to the answer when `run` ends in a LimitReached. */
export async function withRetryAfter<T>(reply: FastifyReply, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof LimitReached) reply.header('retry-after', String(error.retryAfterSeconds));
    throw error;
  }
}

/**
 * A counter key for a value that should not be stored as it is (an e-mail address): the bucket
 * name and a hash of the value.
 */
export const hashedKey = (name: string, value: string) =>
  `${name}|${createHash('sha256').update(value).digest('base64url')}`;

/** Counts one hit of `key`; past `max` in the window it throws a LimitReached with `message`. */
export async function consume(
  counters: RateLimitCounters,
  key: string,
  max: number,
  windowMs: number,
  message: (minutes: number) => string,
): Promise<void> {
  const hit = await counters.hit(key, windowMs);
  if (hit.count <= max) return;
  const ms = Math.max(0, hit.windowEnd - Date.now());
  throw new LimitReached(message(Math.max(1, Math.ceil(ms / 60_000))), Math.max(1, Math.ceil(ms / 1000)));
}
