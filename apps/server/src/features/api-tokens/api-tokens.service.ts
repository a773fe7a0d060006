import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { serverMessages } from '@waypoint/shared';
import {
  type ApiTokenCreated,
  type ApiTokenFormat,
  type ApiTokenScope,
  type ApiTokenView,
  apiTokenPattern,
  apiTokenPrefix,
  apiTokenScopes,
  type zApiTokenCreate,
} from '@waypoint/shared/api-tokens/schemas';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import { type Db, inTransaction } from '../../db/database.ts';
import { conflict, notFound, unauthorized } from '../../http/errors.ts';
import type { ApiPrincipal } from '../auth/policy.ts';
import type { RateLimitCounters } from '../limits/counters.ts';
import { consume } from '../limits/limits.ts';
import { recordExists } from '../models/models.repository.ts';
import {
  countTokensOf,
  insertToken,
  lockTokenOwner,
  revokeToken,
  tokenByHash,
  tokensOf,
  touchToken,
} from './api-tokens.repository.ts';

/** Why a token was not accepted: TarkovTracker's status codes and error texts. */
export type ApiTokenRefusal = { status: 400 | 401 | 429; error: string; retryAfterSeconds?: number };

export const apiTokenErrors = {
  noHeader: 'No Authorization header sent',
  badHeader: "Invalid Authorization header format. Expected 'Bearer <token>'.",
  invalid: 'Invalid or expired token.',
  scope: 'Unauthorized or insufficient permissions.',
  inQuery: 'API tokens are accepted in the Authorization header only, never in the address.',
} as const;

/** A new secret: 256 random bits after `wpt_`, or TarkovTracker.org's form (72 random bits). */
function newSecret(format: ApiTokenFormat): string {
  if (format === 'wpt') return apiTokenPrefix + randomBytes(32).toString('base64url');
  return `${format}_${randomBytes(9).toString('hex')}`;
}
/** A token's last use is written at most this often. */
const TOUCH_EVERY_MS = 60_000;
/** Unknown tokens tried per client address per minute before the address waits. */
const MISSES_PER_MINUTE = 30;

/**
 * The stored form of a secret. SHA-256 (not a slow password hash): the secret is random (256 bits,
 * or 72 in TarkovTracker.org's form, still beyond any search of its hash), not chosen by a person, so
 * a slow hash would only add its cost to every API request; a leaked database holds no usable token.
 */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const scopesOf = (stored: string) =>
  apiTokenScopes.filter((scope) => stored.split(',').includes(scope)) as ApiTokenScope[];

const view = (row: {
  id: string;
  name: string;
  gameId: string;
  scopes: string;
  hint: string;
  createdAt: string;
  lastUsedAt: string | null;
}): ApiTokenView => ({
  id: row.id,
  name: row.name,
  gameId: row.gameId || null,
  scopes: scopesOf(row.scopes),
  hint: row.hint,
  createdAt: row.createdAt,
  lastUsedAt: row.lastUsedAt,
});

type ApiTokenCreateParsed = z.output<typeof zApiTokenCreate>;

export function createApiTokenService(deps: { db: Db; config: Config; counters: RateLimitCounters }) {
  const { db, config, counters } = deps;
  const k = db.kysely;
  return {
    async list(userId: string): Promise<ApiTokenView[]> {
      return (await tokensOf(k, userId)).map(view);
    },

    /** Creates a token; its secret is answered this once and stored only as its hash. */
    async create(userId: string, input: ApiTokenCreateParsed): Promise<ApiTokenCreated> {
      if (input.gameId !== null && !(await recordExists(k, 'game', input.gameId)))
        throw notFound(serverMessages.notFound('Game', input.gameId));
      const token = newSecret(input.format);
      const row = {
        id: randomUUID(),
        userId,
        name: input.name,
        gameId: input.gameId ?? '',
        scopes: apiTokenScopes.filter((s) => input.scopes.includes(s)).join(','),
        hash: hashToken(token),
        hint: `${token.slice(0, 4)}…${token.slice(-4)}`,
        createdAt: new Date().toISOString(),
        lastUsedAt: null,
        revokedAt: null,
      };
      await inTransaction(db, async (trx) => {
        if (!(await lockTokenOwner(trx, db.dialect, userId)))
          throw unauthorized(serverMessages.loginRequired);
        if ((await countTokensOf(trx, userId)) >= config.apiTokensPerUser)
          throw conflict(`You have ${config.apiTokensPerUser} tokens, the most allowed: revoke one first`);
        await insertToken(trx, row);
      });
      return { token, apiToken: view(row) };
    },

    async revoke(userId: string, id: string): Promise<void> {
      if (!(await revokeToken(k, userId, id, new Date().toISOString())))
        throw notFound(serverMessages.notFound('Token', id));
    },

    /**
     * The principal of a token sent to the token API, or why it is refused: an unknown, revoked or
     * malformed token (401), a token lacking `scope` (401, as TarkovTracker answers), too many calls
     * with one token, or too many unknown tokens from one address (429). Counts the call against the
     * token's limit and stamps its last use at most once a minute.
     */
    async authenticate(
      token: string,
      scope: ApiTokenScope | 'any',
      address: string,
    ): Promise<ApiPrincipal | ApiTokenRefusal> {
      const limited = async (key: string, max: number): Promise<ApiTokenRefusal | null> => {
        try {
          await consume(counters, key, max, 60_000, () => serverMessages.tooManyRequests);
          return null;
        } catch (error) {
          const seconds = (error as { retryAfterSeconds?: number }).retryAfterSeconds;
          if (seconds === undefined) throw error;
          return { status: 429, error: serverMessages.tooManyRequests, retryAfterSeconds: seconds };
        }
      };
      // Only well-formed tokens are looked up; anything else (a session's JWT too) is no token here.
      const row = apiTokenPattern.test(token) ? await tokenByHash(k, hashToken(token)) : undefined;
      if (!row)
        return (
          (await limited(`api-token-miss|${address}`, MISSES_PER_MINUTE)) ?? {
            status: 401,
            error: apiTokenErrors.invalid,
          }
        );
      const over = await limited(`api-token|${row.id}`, config.apiTokenRateLimit);
      if (over) return over;
      const now = Date.now();
      if (!row.lastUsedAt || now - Date.parse(row.lastUsedAt) >= TOUCH_EVERY_MS)
        await touchToken(
          k,
          row.id,
          new Date(now).toISOString(),
          new Date(now - TOUCH_EVERY_MS).toISOString(),
        );
      const scopes = scopesOf(row.scopes);
      if (scope !== 'any' && !scopes.includes(scope)) return { status: 401, error: apiTokenErrors.scope };
      return {
        tokenId: row.id,
        userId: row.userId,
        username: row.username,
        gameId: row.gameId || null,
        scopes,
        token,
      };
    },
  };
}

export type ApiTokenService = ReturnType<typeof createApiTokenService>;
