import type { Role, TTokenPayload } from '@waypoint/shared';
import { serverMessages } from '@waypoint/shared';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/database.ts';
import { forbidden, unauthorized } from '../../http/errors.ts';
import type { TokenService } from './tokens.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The least role a route needs; every /api route declares one. */
    role?: Role;
  }
  interface FastifyRequest {
    /**
     * The logged-in user of a valid bearer token with an open session; username and admin come
     * from the database row, never from the token. Null for guests.
     */
    user: TTokenPayload | null;
  }
}

export interface DeclaredRoute {
  method: string;
  url: string;
  role: Role;
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  return header.slice(7).trim() || null;
}

/**
 * The one policy module: guests read, users track and suggest, admins decide. Routes declare
 * `config.role`; this hook enforces it before the handler runs. Every request with a token looks
 * its session and user up in the database, so an ended session, a deleted user or revoked admin
 * rights take effect at once, for reads too. On guest routes such a token counts as no token.
 */
export const policyPlugin = fp<{ db: Db; tokens: TokenService; routes: DeclaredRoute[] }>(
  async (app, opts) => {
    app.decorateRequest('user', null);

    app.addHook('onRoute', (route) => {
      const role = route.config?.role;
      if (!route.url.startsWith('/api')) return;
      if (!role) throw new Error(`Route ${route.method} ${route.url} declares no role`);
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) if (method !== 'HEAD') opts.routes.push({ method, url: route.url, role });
    });

    const check = async (request: FastifyRequest, token: string | null, role: Role) => {
      if (token) {
        request.user = await opts.tokens.verify(token);
        if (!request.user && role !== 'guest') throw unauthorized(serverMessages.loginRequired);
      }
      if (role === 'guest') return;
      if (!request.user) throw unauthorized(serverMessages.loginRequired);
      if (role === 'admin') await ensureAdmin(opts.db, request);
    };
    // Most requests are guests' reads: they pass without a promise; the others are checked.
    app.addHook('onRequest', (request, _reply, done) => {
      const token = bearer(request);
      const role = request.routeOptions.config?.role ?? 'guest';
      if (!token && role === 'guest') return done();
      check(request, token, role).then(() => done(), done);
    });
  },
);

/** Admin rights as the policy hook read them from the database for this request. */
export async function ensureAdmin(_db: Db, request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthorized(serverMessages.loginRequired);
  if (!request.user.admin) throw forbidden(serverMessages.adminRequired);
}

export function isAdmin(request: FastifyRequest): boolean {
  return request.user?.admin === true;
}
