import { clientErrorBodyLimit, scrubText, scrubUrl, zClientError } from '@waypoint/shared/services';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { parse } from '../../http/errors.ts';
import { perAddress } from '../limits/limits.ts';

/**
 * `POST /api/client-errors`: where the web app sends the errors of its pages (window errors,
 * unhandled rejections, the route error boundary) when no error-reporting service is configured or
 * the visitor did not allow one. Each report is scrubbed of personal data and written to the
 * server log as one warning line; nothing is stored. Limited per address (CLIENT_ERROR_RATE_LIMIT
 * per minute) and to a small body.
 */
export function registerClientErrorRoutes(app: FastifyInstance, config: Config) {
  app.post(
    '/api/client-errors',
    {
      config: {
        role: 'guest',
        bodyLimit: clientErrorBodyLimit,
        rateLimit: perAddress('client-errors', config.clientErrorRateLimit, 60_000),
      },
    },
    async (request, reply) => {
      const report = parse(zClientError, request.body, 'body');
      request.log.warn(
        {
          clientError: {
            source: report.source,
            message: scrubText(report.message),
            stack: report.stack ? scrubText(report.stack) : undefined,
            url: scrubUrl(report.url),
            route: report.route,
            release: report.release,
            userAgent: String(request.headers['user-agent'] ?? '').slice(0, 300),
          },
        },
        'browser error',
      );
      return reply.status(204).send();
    },
  );
}
