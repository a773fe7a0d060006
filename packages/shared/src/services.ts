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

export { scrubText, scrubUrl } from './scrub.ts';
