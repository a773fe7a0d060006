import http from 'node:http';
import type { FastifyServerFactory } from 'fastify';

/** Answers a request before Fastify sees it and says so (true), or leaves it to Fastify (false). */
export type EarlyAnswer = (request: http.IncomingMessage, response: http.ServerResponse) => boolean;

/**
 * Fastify's own HTTP/1 server (its settings as Fastify applies them to the server it makes) with one
 * step in front of Fastify's handler: a request the early answer takes costs no routing, no request
 * and reply objects, no per-request logger and no hooks. The answer is set once the app has what it
 * needs (`answerWith`); until then every request goes to Fastify.
 */
export function earlyAnswerServer(): {
  serverFactory: FastifyServerFactory;
  answerWith: (answer: EarlyAnswer) => void;
} {
  let early: EarlyAnswer = () => false;
  const serverFactory: FastifyServerFactory = (handler, opts) => {
    const server = http.createServer(
      (opts.http as http.ServerOptions | undefined) ?? {},
      (request, response) => {
        if (!early(request, response)) handler(request, response);
      },
    );
    server.keepAliveTimeout = opts.keepAliveTimeout as number;
    server.requestTimeout = opts.requestTimeout as number;
    server.setTimeout(opts.connectionTimeout as number);
    const perSocket = opts.maxRequestsPerSocket as number;
    if (perSocket > 0) server.maxRequestsPerSocket = perSocket;
    return server;
  };
  return {
    serverFactory,
    answerWith: (answer) => {
      early = answer;
    },
  };
}
