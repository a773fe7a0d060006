import { HttpError } from './client.ts';

/** A server that asks for a pause longer than this is not waited for: the page shows its error. */
const MAX_WAIT_SECONDS = 30;
/** Attempts after a "busy, ask again" answer (429/503 with Retry-After). */
const BUSY_RETRIES = 5;
/** Attempts after a network failure or another server error. */
const FAILURE_RETRIES = 2;

/** A 429 or 503 that says when to ask again: the server is busy, not refusing. */
function busyWait(error: unknown): number | undefined {
  if (!(error instanceof HttpError) || (error.status !== 429 && error.status !== 503)) return undefined;
  const wait = error.retryAfterSeconds;
  return wait !== undefined && wait <= MAX_WAIT_SECONDS ? wait : undefined;
}

/**
 * Whether a read is asked again. Client errors (404 and the like) are answers, not glitches; a busy
 * server's 429 or 503 with Retry-After is asked again when it says, a few times.
 */
export function shouldRetryRead(failures: number, error: unknown): boolean {
  if (busyWait(error) !== undefined) return failures < BUSY_RETRIES;
  if (error instanceof HttpError && error.status < 500) return false;
  return failures < FAILURE_RETRIES;
}

/** Milliseconds before the next attempt: the server's Retry-After, else doubling from 1 s. */
export function readRetryDelay(failures: number, error: unknown): number {
  const wait = busyWait(error);
  if (wait !== undefined) return Math.max(wait * 1000, 250);
  return Math.min(1000 * 2 ** failures, MAX_WAIT_SECONDS * 1000);
}
