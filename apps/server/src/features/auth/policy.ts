import {
  banIn,
  communityMessages,
  type GameRole,
  type Role,
  type Standing,
  serverMessages,
  type TTokenPayload,
} from '@waypoint/shared';
import type { ApiTokenScope } from '@waypoint/shared/api-tokens/schemas';
import {
  can,
  gameRoleTable,
  gameRouteNeeds,
  type Permission,
  type RoleHolder,
} from '@waypoint/shared/roles/roles';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/database.ts';
import { forbidden, unauthorized } from '../../http/errors.ts';
import type { Actor as AuditActor } from '../audit/audit.ts';
import { standingOf } from './standing.repository.ts';
import type { TokenService } from './tokens.ts';

/** Who a personal API token speaks for (features/api-tokens). */
export interface ApiPrincipal {
  tokenId: string;
  userId: string;
  username: string;
  /** null: every game. */
  gameId: string | null;
  scopes: ApiTokenScope[];
  token: string;
}

/**
 * Checks the personal token of a token API request: sets `request.apiPrincipal` and answers true, or
 * answers the refusal itself (the token API's own error bodies) and answers false.
 */
export type ApiTokenCheck = (
  request: FastifyRequest,
  reply: FastifyReply,
  scope: ApiTokenScope | 'any',
) => Promise<boolean>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What a route needs; every /api route declares one. */
    role?: Role;
    /**
     * The route reads or changes only the player's own progress, which game roles and bans never
     * limit: they are not read for it.
     */
    ownProgress?: boolean;
    /**
     * A route of the token API (/api/v2): it takes a personal API token with this scope in the
     * Authorization header, and nothing else (no session); it declares no role. 'any': a token of
     * any scope.
     */
    apiScope?: ApiTokenScope | 'any';
  }
  interface FastifyRequest {
    /** On a token API route, the personal token's owner, game and scopes. */
    apiPrincipal: ApiPrincipal | null;
    /**
     * The logged-in user of a valid bearer token with an open session; username and admin come
     * from the database row, never from the token. Null for guests.
     */
    user: TTokenPayload | null;
    /**
     * The user's game roles and bans in force, read for this request. Null for guests, admins and
     * routes of the player's own progress.
     */
    standing: Standing | null;
    /**
     * Who acts, built once per request by the policy hook from the user and standing above and
     * handed whole to the use cases (`actorOf`): no route assembles an actor of its own, so none
     * can leave the bans or roles out. Null for guests.
     */
    actor: Actor | null;
    /**
     * On a moderator route, the game the request names (`gameId` in the query, body or path):
     * what it may see and change. Undefined for an admin who names none (every game).
     */
    gameScope: string | undefined;
  }
}

export interface DeclaredRoute {
  method: string;
  url: string;
  role: Role;
}

/**
 * Who acts: the logged-in user, the admin flag as the database has it, and their standing (game
 * roles and bans in force; null for admins and routes of the player's own progress, which read
 * none). Required, so that an actor put together without it does not typecheck.
 */
export interface Actor extends RoleHolder {
  readonly id: string;
  readonly username: string;
  readonly admin: boolean;
  readonly standing: Standing | null;
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  return header.slice(7).trim() || null;
}

/** The game a moderator route's request names: `gameId` of its path, query or body. */
function namedGame(request: FastifyRequest): string | undefined {
  for (const source of [request.params, request.query, request.body]) {
    if (source && typeof source === 'object' && !Array.isArray(source)) {
      const value = (source as Record<string, unknown>).gameId;
      if (typeof value === 'string' && value) return value;
    }
  }
  return undefined;
}

/** A route's game need (`moderator`): the permission it stands for in the game the request names. */
function gamePermissionOf(need: Role | undefined) {
  return need !== undefined && need in gameRouteNeeds
    ? gameRouteNeeds[need as keyof typeof gameRouteNeeds]
    : undefined;
}

/**
 * The one policy module. Routes declare `config.role`: guest (everyone reads), user (tracks and
 * suggests), moderator (an admin, or a moderator of the game the request names) or admin; this
 * hook enforces it before the handler runs. Every request with a token looks its session, user,
 * game roles and bans up in the database, so an ended session, a deleted user, a revoked role or
 * a new ban take effect at once, for reads too. On guest routes such a token counts as no token.
 * What a role may do beyond entering a route (a moderator's game, a trusted editor's suggestion
 * applied at once, a ban) is decided by the functions below, which the use cases call; they and
 * this hook ask the shared roles table (`can`).
 */
export const policyPlugin = fp<{
  db: Db;
  tokens: TokenService;
  routes: DeclaredRoute[];
  apiTokens?: ApiTokenCheck;
}>(async (app, opts) => {
  app.decorateRequest('user', null);
  app.decorateRequest('apiPrincipal', null);
  app.decorateRequest('standing', null);
  app.decorateRequest('gameScope', undefined);
  app.decorateRequest('actor', null);

  app.addHook('onRoute', (route) => {
    const role = route.config?.role;
    if (!route.url.startsWith('/api')) return;
    // A token API route needs its scope, checked below; it is walked by the token API's own tests.
    if (route.config?.apiScope) {
      if (role) throw new Error(`Route ${route.method} ${route.url} declares a role and a token scope`);
      return;
    }
    if (!role) throw new Error(`Route ${route.method} ${route.url} declares no role`);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) if (method !== 'HEAD') opts.routes.push({ method, url: route.url, role });
  });

  const check = async (request: FastifyRequest, token: string | null, role: Role, ownProgress: boolean) => {
    if (token) {
      // A player's own progress may be answered on a session this process keeps (tokens.ts).
      request.user = await opts.tokens.verify(token, { kept: ownProgress });
      if (!request.user && role !== 'guest') throw unauthorized(serverMessages.loginRequired);
    }
    if (role !== 'guest') {
      if (!request.user) throw unauthorized(serverMessages.loginRequired);
      if (role === 'admin') await ensureAdmin(opts.db, request);
      else if (!request.user.admin && !ownProgress)
        request.standing = await standingOf(opts.db.kysely, request.user.id, new Date().toISOString());
    }
    const user = request.user;
    if (user)
      request.actor = Object.freeze({
        id: user.id,
        username: user.username,
        admin: user.admin === true,
        standing: request.standing,
      });
  };
  // Most requests are guests' reads: they pass without a promise; the others are checked.
  app.addHook('onRequest', (request, reply, done) => {
    const config = request.routeOptions.config;
    // Personal tokens are read on token API routes only, and sessions never there.
    const scope = config?.apiScope;
    if (scope) {
      if (!opts.apiTokens) return done(new Error('Token API routes need the API token check'));
      opts.apiTokens(request, reply, scope).then((passed) => {
        // A refusal has been answered: the request goes no further.
        if (passed) done();
      }, done);
      return;
    }
    const token = bearer(request);
    const role = config?.role ?? 'guest';
    if (!token && role === 'guest') return done();
    check(request, token, role, config?.ownProgress === true).then(() => done(), done);
  });
  // The game of a moderator route is named in its path, query or body: checked once parsed.
  app.addHook('preHandler', (request, _reply, done) => {
    const permission = gamePermissionOf(request.routeOptions.config?.role);
    if (!permission) return done();
    const gameId = namedGame(request);
    request.gameScope = gameId;
    if (can(request.actor, permission, gameId)) return done();
    done(forbidden(gameId ? communityMessages.moderatorRequired : communityMessages.gameRequired));
  });
});

/** Admin rights as the policy hook read them from the database for this request. */
export async function ensureAdmin(_db: Db, request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthorized(serverMessages.loginRequired);
  // The user as read for this request: the actor is built after this check.
  if (!can({ admin: request.user.admin === true, standing: null }, 'administer'))
    throw forbidden(serverMessages.adminRequired);
}

/** The acting user of a logged-in route, as the policy hook built it for this request. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized(serverMessages.loginRequired);
  return request.actor;
}

/** Who an audit entry names for this request: the policy's actor (no one for a guest). */
export function auditActorOf(request: FastifyRequest): AuditActor {
  return { id: request.actor?.id ?? null, username: request.actor?.username ?? null };
}

/**
 * Whether `actor` moderates `gameId` (reviews and decides its suggestions, changes its markers
 * directly): admins moderate every game.
 */
export function moderates(actor: Actor, gameId: string | undefined): boolean {
  return can(actor, 'moderate', gameId);
}

/** Refuses (403) unless `actor` moderates the game of `what` (named in the refusal). */
export function ensureModerates(actor: Actor, gameId: string | undefined, what: string): void {
  if (!moderates(actor, gameId)) throw forbidden(communityMessages.notInYourGame(what));
}

/**
 * Whether `actor`'s suggestions in `gameId` are applied at once: trusted editors and moderators
 * of the game, not while banned. (Admins apply directly and never reach this.)
 */
export function appliesAtOnce(actor: Actor, gameId: string | undefined): boolean {
  return can(actor, 'applyAtOnce', gameId);
}

/**
 * Refuses (403, with the ban's reason and end) a community write (suggesting, commenting,
 * voting) by a user banned site-wide or in `gameId`. Reading and tracking progress stay open.
 */
export function ensureMayContribute(actor: Actor, gameId: string | undefined): void {
  if (can(actor, 'contribute', gameId)) return;
  const ban = banIn(actor.standing, gameId);
  if (!ban) return;
  const until = ban.endsAt.slice(0, 16).replace('T', ' ');
  throw forbidden(
    ban.gameId === ''
      ? communityMessages.bannedSiteWide(ban.reason, until)
      : communityMessages.bannedInGame(ban.reason, until),
  );
}

/**
 * Whether `actor` may read the open suggestions of `gameId` made by others, with their comments and
 * votes, and comment and vote on them (community review): every logged-in user not banned there
 * (site-wide or in that game). Closed suggestions stay their author's and the admins'.
 */
export function mayReviewOpenSuggestions(actor: Actor, gameId: string | undefined): boolean {
  return can(actor, 'seeOpenSuggestions', gameId);
}

/**
 * Who may grant or revoke `role` in `gameId`: whoever holds the role's `grantedWith` there (admins
 * any role; a game's moderators its trusted editors).
 */
export function ensureMayGrant(actor: Actor, role: GameRole, gameId: string): void {
  if (!can(actor, gameRoleTable[role].grantedWith, gameId))
    throw forbidden(communityMessages.grantNotAllowed);
}

/**
 * Refuses (403, the message given) unless `actor` may do `permission` (in `gameId`, for the powers
 * held per game): the use cases' check against the roles table.
 */
export function ensureCan(
  actor: Actor,
  permission: Permission,
  gameId: string | undefined,
  message: string,
): void {
  if (!can(actor, permission, gameId)) throw forbidden(message);
}
