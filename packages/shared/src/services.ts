import { z } from 'zod';

/**
 * Site services shared by the browser and the server: the report a page sends about one of its
 * errors when no error-reporting service is configured, and the scrubbing that keeps personal
 * data (e-mail addresses, tokens, secret links, cookies) out of every error report.
 */

/** Where in the page an error was caught. */
export const clientErrorSources = ['error', 'unhandledrejection', 'boundary'] as const;

/** `POST /api/client-errors`: one browser error, bounded in every field. */
export const zClientError = z.strictObject({
  source: z.enum(clientErrorSources),
  message: z.string().min(1).max(2000),
  stack: z.string().max(8000).optional(),
  /** The page's path (no query string: it may hold secrets). */
  url: z.string().max(2000),
  /** The route pattern the page matched, e.g. `/game/:gameId/maps/:mapId`. */
  route: z.string().max(200).optional(),
  release: z.string().max(100).optional(),
});
export type ClientError = z.infer<typeof zClientError>;

/** The largest client error report body, in bytes. */
export const clientErrorBodyLimit = 16 * 1024;

const emailPattern = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.[\p{L}]{2,}/gu;
const jwtPattern = /\beyJ[\w-]+\.[\w-]+\.[\w-]+/g;
const bearerPattern =
  /\b(bearer|token|authorization|password|secret|cookie|session|hash)(["'\s:=]+)[^\s"'&,;]+/gi;
const secretPathPattern = /\/(passwordRecovery|confirmAccount|confirm)\/[^\s/?#"']+/g;
const queryPattern = /\?[\w.-]+=[^\s#"']*/g;

/** Text with e-mail addresses, tokens, secret link parts and query strings replaced. */
export function scrubText(text: string): string {
  return text
    .replace(emailPattern, '[email]')
    .replace(jwtPattern, '[token]')
    .replace(bearerPattern, '$1$2[redacted]')
    .replace(secretPathPattern, '/$1/[redacted]')
    .replace(queryPattern, '?[redacted]');
}

/** A URL with its query string, fragment and secret path parts removed. */
export function scrubUrl(url: string): string {
  const cut = url.split(/[?#]/)[0] ?? '';
  return cut.replace(emailPattern, '[email]').replace(secretPathPattern, '/$1/[redacted]');
}
