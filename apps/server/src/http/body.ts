import type { Role } from '@waypoint/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import sjson from 'secure-json-parse';
import type { Config } from '../config.ts';
import { badRequest, type HttpError } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The largest body this route accepts; without it the limit follows the route's role. */
    bodyLimit?: number;
  }
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what is looked for
const suspicious = /[\u0000\ud800-\udfff]/;
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Text no database stores faithfully: a NUL character or a lone surrogate. */
export function isBadText(value: string): boolean {
  return suspicious.test(value) && (value.includes('\u0000') || loneSurrogate.test(value));
}

/** The dotted path of the first key or string value holding bad text, or null. */
export function findBadText(value: unknown, path: string): string | null {
  if (typeof value === 'string') return isBadText(value) ? path : null;
  if (typeof value !== 'object' || value === null) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findBadText(value[i], `${path}.${i}`);
      if (found) return found;
    }
    return null;
  }
  for (const key in value) {
    if (isBadText(key)) return path;
    const found = findBadText((value as Record<string, unknown>)[key], `${path}.${key}`);
    if (found) return found;
  }
  return null;
}

export function badTextError(field: string): HttpError {
  return badRequest(`Invalid ${field}: contains a NUL character or a lone surrogate`, [
    { field, message: 'Contains invalid characters' },
  ]);
}

/** The next bracket, brace or opening quote of JSON text. */
const structural = /[[\]{}"]/g;
/** The rest of a JSON string after its opening quote, up to and with its closing quote. */
const stringRest = /[^"\\]*(?:\\[\s\S][^"\\]*)*"/y;

/**
 * How deep arrays and objects nest in JSON text, counted in one pass outside strings; stops as soon
 * as `max` is passed, so a hostile body costs no more than its length. The scan jumps from token to
 * token with regular expressions, so a body of megabytes takes milliseconds.
 */
export function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  structural.lastIndex = 0;
  for (let match = structural.exec(text); match; match = structural.exec(text)) {
    const c = match[0];
    if (c === '"') {
      stringRest.lastIndex = structural.lastIndex;
      if (!stringRest.test(text)) return false;
      structural.lastIndex = stringRest.lastIndex;
    } else if (c === '[' || c === '{') {
      if (++depth > max) return true;
    } else depth--;
  }
  return false;
}

/**
 * Whether JSON text may hold a NUL character or a lone surrogate once parsed: an escaped NUL or
 * surrogate, or a raw surrogate. One native scan, so the walk over the parsed value is skipped for
 * almost every body.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what is looked for
const mayHoldBadText = /\\u(?:0000|[dD][89a-fA-F])|[\u0000\ud800-\udfff]/;

/** Path parameters, without the wildcard of file routes (a file path, which the file server checks). */
function pathParams(request: FastifyRequest): unknown {
  const params = request.params as Record<string, unknown> | undefined;
  if (!params || !('*' in params)) return params;
  const { '*': _file, ...named } = params;
  return named;
}

function limitFor(role: Role | undefined, config: Config): number {
  if (role === 'guest') return config.guestBodyLimitBytes;
  if (role === 'user') return config.userBodyLimitBytes;
  return config.bodyLimitBytes;
}

/**
 * Request bodies and texts: each route's body limit follows its role (guests a few kilobytes,
 * logged-in users 64 KB, admins the full limit) unless it declares `config.bodyLimit`; JSON is
 * refused before parsing when it nests too deep, parsed without prototype keys, and refused when a
 * string in it (or in the query string or path) holds a NUL character or a lone surrogate.
 */
export const bodyPlugin = fp<{ config: Config }>(async (app: FastifyInstance, { config }) => {
  app.addHook('onRoute', (route) => {
    if (route.bodyLimit !== undefined) return;
    route.bodyLimit = route.config?.bodyLimit ?? limitFor(route.config?.role, config);
  });

  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = body as string;
    if (text === '') return done(badRequest('Invalid body: empty, but the content type is JSON'), undefined);
    if (jsonDepthExceeds(text, config.maxJsonDepth)) {
      const message = `Nested deeper than ${config.maxJsonDepth} levels`;
      return done(
        badRequest(`Invalid body: ${message.toLowerCase()}`, [{ field: 'body', message }]),
        undefined,
      );
    }
    let value: unknown;
    try {
      value = sjson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
    } catch (error) {
      const message = error instanceof SyntaxError ? 'Not valid JSON' : 'Contains a forbidden key';
      return done(
        badRequest(`Invalid body: ${message.toLowerCase()}`, [{ field: 'body', message }]),
        undefined,
      );
    }
    const bad = mayHoldBadText.test(text) ? findBadText(value, 'body') : null;
    if (bad) return done(badTextError(bad), undefined);
    done(null, value);
  });

  // A plain (not async) hook: it runs on every request, and a promise per request costs.
  app.addHook('preValidation', (request: FastifyRequest, _reply, done) => {
    const bad = findBadText(request.query, 'query') ?? findBadText(pathParams(request), 'params');
    done(bad ? badTextError(bad) : undefined);
  });
});
