import type { IncomingMessage, ServerResponse } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyBaseLogger } from 'fastify';
import type { EarlyAnswer } from '../../http/early-answers.ts';
import type { ProxyTrust } from '../../http/trust-proxy.ts';
import type { Metrics } from '../ops/metrics.ts';
import type { ResponseCache } from './response-cache.ts';

/** Log levels at which each answered request is logged (as the app logs them at info). */
const logsRequests = new Set(['info', 'debug', 'trace']);

export interface GuestReplayOptions {
  cache: ResponseCache;
  /** True while the server sheds load: then Fastify answers (503), as it does every request. */
  shedding: () => boolean;
  /** The request metrics, where a replayed answer is counted as Fastify's answers are. */
  durations: Metrics['requestDurations'];
  log: FastifyBaseLogger;
  /** Which proxies' forwarded headers count (see trust-proxy.ts), for the log line. */
  trustProxy: ProxyTrust | false;
}

/**
 * A guest asking for what the cache answered a guest before gets the same bytes, headers included,
 * before Fastify routes the request: no hook but load shedding runs, no route, no validation, no
 * cache key. Metrics and the request's log line stay as for any answer. Anything else (a miss, a
 * logged-in reader, a revalidation, a write) goes to Fastify.
 */
export function guestReplay({
  cache,
  shedding,
  durations,
  log,
  trustProxy,
}: GuestReplayOptions): EarlyAnswer {
  // One series per route, looked up once (labelling per request hashes the labels each time).
  const series = new Map<string, { observe: (seconds: number) => void }>();
  const observe = (route: string, seconds: number) => {
    let one = series.get(route);
    if (!one) {
      one = durations.labels({ method: 'GET', route, status_code: 200 });
      series.set(route, one);
    }
    one.observe(seconds);
  };
  const trust = trustProxy || (() => false);
  // As Fastify reads it: a trusted proxy's forwarded host (the last one given), else the Host header.
  const hostOf = (request: IncomingMessage) => {
    const forwarded = request.headers['x-forwarded-host'];
    if (forwarded && trust(request.socket.remoteAddress ?? '', 0)) {
      const last = String(forwarded).split(',').at(-1)?.trim();
      if (last) return last;
    }
    return request.headers.host ?? '';
  };
  // What the log's request serializer reads of a Fastify request (see log-redaction.ts).
  const logged = (request: IncomingMessage) => ({
    method: request.method,
    url: request.url,
    host: hostOf(request),
    ip: proxyAddr(request, trust),
    socket: request.socket,
  });
  return (request: IncomingMessage, response: ServerResponse) => {
    if (shedding()) return false;
    const replay = cache.replay(request);
    if (!replay) return false;
    const started = performance.now();
    response.writeHead(200, replay.headers);
    response.end(replay.body);
    const seconds = (performance.now() - started) / 1000;
    observe(replay.route, seconds);
    if (logsRequests.has(log.level)) {
      log.info(
        { req: logged(request), res: { statusCode: 200 }, responseTime: seconds * 1000 },
        'request completed',
      );
    }
    return true;
  };
}
