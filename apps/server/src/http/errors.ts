import { type ApiError, serverMessages } from '@waypoint/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError, type z } from 'zod';
import { type FaultKind, faultKind } from '../db/faults.ts';

const reasons: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  503: 'Service Unavailable',
  507: 'Insufficient Storage',
  500: 'Internal Server Error',
};

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: ApiError['errors'],
    /** More of the answer's body (e.g. `suggestionId` of a 409). */
    readonly extra?: Pick<ApiError, 'suggestionId'>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: ApiError['errors']) =>
  new HttpError(400, message, errors);
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

/** Field problems of a zod error, each with a dotted path that starts at the request part. */
export function fieldErrors(error: ZodError, part: string): NonNullable<ApiError['errors']> {
  return error.issues.map((issue) => ({
    field: [part, ...issue.path.map(String)].join('.'),
    message: issue.message,
  }));
}

/** Validates one part of a request with a shared schema; a failure is a 400 naming the fields. */
export function parse<S extends z.ZodType>(schema: S, value: unknown, part: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors = fieldErrors(result.error, part);
  const first = errors[0];
  throw badRequest(first ? `Invalid ${first.field}: ${first.message}` : `Invalid ${part}`, errors);
}

export function errorBody(statusCode: number, message: string, errors?: ApiError['errors']): ApiError {
  return {
    statusCode,
    error: reasons[statusCode] ?? (statusCode >= 500 ? 'Internal Server Error' : 'Error'),
    message,
    ...(errors ? { errors } : {}),
  };
}

/** Seconds a client is asked to wait before trying again after a storage fault. */
const faultRetryAfterSeconds = 5;

export function installErrorHandling(
  app: FastifyInstance,
  onFault: (kind: FaultKind, error: unknown) => void = () => {},
) {
  app.setErrorHandler((error: FastifyError | HttpError | ZodError, request, reply) => {
    const fault = faultKind(error);
    if (fault) {
      // The database or disk failed, not the request: the client may try again, nothing was saved
      // (the write's transaction did not commit).
      onFault(fault, error);
      const status = fault === 'storage_full' ? 507 : 503;
      const message =
        fault === 'storage_full'
          ? serverMessages.storageFull
          : fault === 'database_slow'
            ? serverMessages.databaseSlow
            : fault === 'storage_unavailable'
              ? serverMessages.storageUnavailable
              : serverMessages.databaseUnavailable;
      return reply
        .status(status)
        .header('retry-after', String(faultRetryAfterSeconds))
        .send(errorBody(status, message));
    }
    if ((error as { statusCode?: number }).statusCode === 503) {
      // The server sheds load: the client should come back shortly.
      if (!reply.hasHeader('retry-after')) reply.header('retry-after', '10');
      return reply.status(503).send(errorBody(503, serverMessages.serverBusy));
    }
    if (error instanceof HttpError) {
      return reply
        .status(error.statusCode)
        .send({ ...errorBody(error.statusCode, error.message, error.errors), ...error.extra });
    }
    if (error instanceof ZodError) {
      const errors = fieldErrors(error, 'body');
      return reply.status(400).send(errorBody(400, `Invalid ${errors[0]?.field ?? 'body'}`, errors));
    }
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) request.log.error(error);
    // Framework errors (bad JSON, too large, rate limit) keep their status with a readable message.
    const message = status >= 500 ? 'Internal Server Error' : error.message;
    return reply.status(status).send(errorBody(status, message));
  });
}
