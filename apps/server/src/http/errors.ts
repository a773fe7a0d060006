import { type ApiError, serverMessages } from '@waypoint/shared';
import { type FieldProblem, type Problem, problemText, readableProblem } from '@waypoint/shared/validation';
import { validationMessages } from '@waypoint/shared/validation-messages';
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

/** zod's own wording ("Invalid input: expected …", "Too small: …"): a schema's own message is kept. */
const libraryWording =
  /^(Invalid (input|option|string|type|element|key|value|URL|email|date|union)|Too (small|big)|Unrecognized key|Expected )|expected .*received/i;

type Issue = z.core.$ZodIssue;

/** What a zod issue says, as a rule the interface words (undefined: keep the schema's message). */
export function problemOf(issue: Issue): Problem | undefined {
  const own = !libraryWording.test(issue.message);
  switch (issue.code) {
    case 'too_small': {
      if (own) return undefined;
      const limit = Number(issue.minimum);
      if (issue.origin === 'string') return limit <= 1 ? { rule: 'required' } : { rule: 'tooShort', limit };
      if (issue.origin === 'array' || issue.origin === 'set') return { rule: 'tooFew', limit };
      return { rule: 'tooSmall', limit };
    }
    case 'too_big': {
      if (own) return undefined;
      const limit = Number(issue.maximum);
      if (issue.origin === 'string') return { rule: 'tooLong', limit };
      if (issue.origin === 'array' || issue.origin === 'set') return { rule: 'tooMany', limit };
      return { rule: 'tooLarge', limit };
    }
    case 'invalid_value':
      return own ? undefined : { rule: 'oneOf', values: issue.values.map((v) => String(v)) };
    case 'unrecognized_keys':
      return { rule: 'unknownFields', values: issue.keys };
    case 'invalid_type': {
      if (own) return undefined;
      if (/received undefined|nonoptional/.test(issue.message)) return { rule: 'required' };
      const byKind: Record<string, Problem['rule']> = {
        string: 'notText',
        number: 'notNumber',
        int: 'notNumber',
        boolean: 'notYesNo',
        array: 'notList',
      };
      return { rule: byKind[issue.expected] ?? 'badForm' } as Problem;
    }
    case 'invalid_format': {
      if (own) return undefined;
      if (issue.format === 'url') return { rule: 'notWebAddress' };
      if (issue.format === 'email') return { rule: 'notEmail' };
      if (issue.format === 'datetime' || issue.format === 'date') return { rule: 'notDate' };
      return { rule: 'badForm' };
    }
    default:
      return own ? undefined : { rule: 'invalid' };
  }
}

/**
 * Field problems of a zod error, each with a dotted path that starts at the request part (for
 * programs) and a sentence for people: the schema's own message, else the rule's plain wording.
 */
export function fieldErrors(error: ZodError, part: string): FieldProblem[] {
  return error.issues.map((issue) => {
    const problem = problemOf(issue);
    return {
      field: [part, ...issue.path.map(String)].join('.'),
      message: problem ? problemText(problem, validationMessages) : issue.message,
      ...(problem ? { problem } : {}),
    };
  });
}

/** The message of a 400 with field problems: the first one, by the field's label (one message, not a list). */
export function invalidInput(errors: FieldProblem[]): HttpError {
  const first = errors[0];
  return badRequest(first ? readableProblem(first, validationMessages) : validationMessages.invalid, errors);
}

/** Validates one part of a request with a shared schema; a failure is a 400 naming the fields. */
export function parse<S extends z.ZodType>(schema: S, value: unknown, part: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw invalidInput(fieldErrors(result.error, part));
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
      const answer = invalidInput(fieldErrors(error, 'body'));
      return reply.status(400).send(errorBody(400, answer.message, answer.errors));
    }
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) request.log.error(error);
    // Framework errors (bad JSON, too large, rate limit) keep their status with a readable message.
    const message = status >= 500 ? 'Internal Server Error' : error.message;
    return reply.status(status).send(errorBody(status, message));
  });
}
