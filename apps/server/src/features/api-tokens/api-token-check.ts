import type { ApiTokenScope } from '@waypoint/shared/api-tokens/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiTokenCheck } from '../auth/policy.ts';
import { clientAddress } from '../limits/limits.ts';
import { type ApiTokenService, apiTokenErrors } from './api-tokens.service.ts';

/** Query parameters that carry a credential in other APIs: never read, and refused outright. */
const credentialParams = /(^|[?&])(token|access_token|api_key|apikey|key|auth|authorization)=/i;

/**
 * The policy's check of a token API request. Answers as TarkovTracker does: no Authorization
 * header 401, a header not of the form `Bearer <token>` 400, an unknown, revoked or malformed token
 * 401, a token without the route's scope 401 — each with `{error}`. A credential in the address is
 * refused (400) even beside a good header: addresses end up in logs and browser histories.
 */
export function apiTokenCheck(tokens: ApiTokenService): ApiTokenCheck {
  const refuse = (reply: FastifyReply, status: number, error: string) => {
    reply.code(status).header('cache-control', 'no-store').send({ error });
    return false;
  };
  return async (request: FastifyRequest, reply: FastifyReply, scope: ApiTokenScope | 'any') => {
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    if (credentialParams.test(query) || /wpt_/i.test(query))
      return refuse(reply, 400, apiTokenErrors.inQuery);
    const header = request.headers.authorization;
    if (header === undefined) return refuse(reply, 401, apiTokenErrors.noHeader);
    const parts = header.split(' ');
    if (parts.length !== 2 || parts[0] !== 'Bearer' || !parts[1])
      return refuse(reply, 400, apiTokenErrors.badHeader);
    const result = await tokens.authenticate(parts[1], scope, clientAddress(request));
    if ('status' in result) {
      if (result.retryAfterSeconds !== undefined)
        reply.header('retry-after', String(result.retryAfterSeconds));
      return refuse(reply, result.status, result.error);
    }
    request.apiPrincipal = result;
    return true;
  };
}
