import { constants } from '@waypoint/shared/constants';
import type { ApiError } from '@waypoint/shared/errors';
import { config } from '../app/config.ts';
import { clearSession, getSession } from './session.ts';

/**
 * Told what each request met: its answer, or undefined when it failed on the network (an abort says
 * nothing about the network). Installed by the offline note's code (features/offline/reachability.ts).
 */
let observe: ((answer: Response | undefined) => void) | undefined;

export function observeRequests(observer: (answer: Response | undefined) => void) {
  observe = observer;
}

function observedFetch(input: string, init: RequestInit): Promise<Response> {
  return fetch(input, init).then(
    (res) => {
      observe?.(res);
      return res;
    },
    (error) => {
      if (error.name !== 'AbortError') observe?.(undefined);
      throw error;
    },
  );
}

/** The wording of refused input in the interface's language, once an answer has needed it. */
let wording: typeof import('./problem-wording.ts') | undefined;

/** An answer other than 2xx, with the server's error body when there is one. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiError | undefined,
    /** Seconds the server asked to wait before asking again (`Retry-After`), when it said so. */
    readonly retryAfterSeconds?: number,
  ) {
    // Refused input is said in the interface's language: the field's label and the rule's wording.
    const first = body?.errors?.[0];
    super(
      first?.problem && wording
        ? wording.readable(first)
        : (body?.message ?? `Request failed with status ${status}`),
    );
    this.name = 'HttpError';
  }

  /** Field problems keyed by form field (`body.email` → `email`), each said in the interface's language. */
  fieldErrors(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const e of this.body?.errors ?? []) {
      const field = e.field.replace(/^body\./, '');
      out[field] ??= e.problem && wording ? wording.text(e.problem) : e.message;
    }
    return out;
  }
}

let unauthorizedHandler: () => void = () => {
  location.assign('/login');
};

/** Where a 401 answer sends the user (the router registers a client-side redirect). */
export function onUnauthorized(handler: () => void) {
  unauthorizedHandler = handler;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** This tab's recent writes as the server named them (process → change), with when they were made. */
const written = new Map<string, { token: string; at: number }>();

function rememberWrite(res: Response) {
  const token = res.headers.get(constants.writtenHeader);
  const origin = token?.split(':')[0];
  if (token && origin) written.set(origin, { token, at: Date.now() });
}

/** The recent writes, for reads to see them whichever server process answers. */
function writtenTokens(): string | undefined {
  const since = Date.now() - constants.writtenTokenMs;
  for (const [origin, entry] of written) if (entry.at < since) written.delete(origin);
  return written.size > 0 ? [...written.values()].map((entry) => entry.token).join(',') : undefined;
}

/** The headers of an API call: what it accepts, the player's bearer token when logged in, recent writes. */
export function apiHeaders(accept = 'application/json'): Record<string, string> {
  const headers: Record<string, string> = { accept };
  const session = getSession();
  if (session) headers.authorization = `Bearer ${session.token}`;
  const tokens = writtenTokens();
  if (tokens) headers[constants.writtenHeader] = tokens;
  return headers;
}

/** The `Retry-After` of an answer in seconds (only the delay form: the server sends no dates). */
function retryAfter(res: Response): number | undefined {
  const value = Number(res.headers.get('retry-after') ?? Number.NaN);
  return Number.isFinite(value) && value >= 0 ? value : undefined;
}

/** A body sent as it is (a file) with its content type, instead of as JSON. */
class RawBody {
  constructor(
    readonly data: Blob,
    readonly type: string,
  ) {}
}

export async function request<T>(method: Method, path: string, body?: unknown): Promise<T> {
  const headers = apiHeaders();
  if (body !== undefined) headers['content-type'] = body instanceof RawBody ? body.type : 'application/json';
  const res = await observedFetch(`${config.apiBase}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : body instanceof RawBody ? body.data : JSON.stringify(body),
  });
  if (method !== 'GET') rememberWrite(res);
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (!res.ok) {
    // Account calls answer 401 for wrong credentials; everything else means the session is gone.
    if (res.status === 401 && !path.startsWith('/users/')) {
      clearSession();
      unauthorizedHandler();
    }
    const refused = json as ApiError | undefined;
    // Refused input is worded in the interface's language by code loaded with the first such answer.
    if (refused?.errors?.some((e) => e.problem)) wording ??= await import('./problem-wording.ts');
    throw new HttpError(res.status, refused, retryAfter(res));
  }
  return json as T;
}

/** A binary answer (marker chunks) as bytes; errors as `request` throws them. */
async function getBytes(path: string): Promise<ArrayBuffer> {
  const res = await observedFetch(`${config.apiBase}${path}`, {
    headers: apiHeaders('application/octet-stream'),
  });
  if (!res.ok) {
    let body: ApiError | undefined;
    try {
      body = (await res.json()) as ApiError;
    } catch {
      body = undefined;
    }
    throw new HttpError(res.status, body, retryAfter(res));
  }
  return res.arrayBuffer();
}

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  getBytes,
  post: <T>(path: string, body: unknown = {}) => request<T>('POST', path, body),
  /** Posts a file as the body (a map package), not wrapped in JSON. */
  postFile: <T>(path: string, file: Blob, type: string) => request<T>('POST', path, new RawBody(file, type)),
  put: <T>(path: string, body: unknown) => request<T>('PUT', path, body),
  patch: <T>(path: string, body: unknown) => request<T>('PATCH', path, body),
  delete: <T>(path: string) => request<T>('DELETE', path),
};

export { listQuery } from '@waypoint/shared/pages/api-paths';
