import type { FastifyRequest } from 'fastify';

/** Paths whose last segment is a link secret (account confirmation, password recovery). */
const secretPaths = /^(\/api\/users\/confirm|\/confirmAccount|\/passwordRecovery)\/[^?#]*/;

/** The URL with any link secret replaced, fit for a log line. */
export const redactUrl = (url: string) => url.replace(secretPaths, '$1/[redacted]');

/** Fastify's request log fields, with link secrets kept out of the URL. */
export function requestLogSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket ? request.socket.remotePort : undefined,
  };
}
