import {
  zChangePassword,
  zForgotPassword,
  zLogin,
  zPasswordRecovery,
  zRegister,
  zResetProgress,
} from '@waypoint/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { parse } from '../../http/errors.ts';
import { perUser, withRetryAfter } from '../limits/limits.ts';
import type { AccountService } from './account.service.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Account routes. Limits: AUTH_RATE_LIMIT per minute per address on login, recovery and
 * confirmation; REGISTER_RATE_LIMIT per hour per address; CHANGE_PASSWORD_RATE_LIMIT per hour per
 * user; and, in the service, failed logins per account and recovery mails per target address.
 */
export function registerAccountRoutes(
  app: FastifyInstance,
  deps: { accounts: AccountService; config: Config },
) {
  const { accounts, config } = deps;
  const perMinute = { role: 'guest' as const, rateLimit: { max: config.authRateLimit, timeWindow: MINUTE } };

  app.post('/api/users/login', { config: perMinute }, async (request, reply) =>
    withRetryAfter(reply, () => accounts.login(parse(zLogin, request.body, 'body'))),
  );

  app.post(
    '/api/users/register',
    { config: { role: 'guest', rateLimit: { max: config.registerRateLimit, timeWindow: HOUR } } },
    async (request, reply) => {
      const answer = await accounts.register(parse(zRegister, request.body, 'body'));
      return reply.status(201).send(answer);
    },
  );

  app.post('/api/users/forgotPassword', { config: perMinute }, async (request, reply) =>
    withRetryAfter(reply, () => accounts.forgotPassword(parse(zForgotPassword, request.body, 'body').email)),
  );

  app.post('/api/users/passwordRecovery', { config: perMinute }, async (request) =>
    accounts.recoverPassword(parse(zPasswordRecovery, request.body, 'body')),
  );

  app.get('/api/users/confirm/:hash', { config: perMinute }, async (request) =>
    accounts.confirm(parse(z.object({ hash: z.string().min(1).max(200) }), request.params, 'params').hash),
  );

  app.post(
    '/api/users/changePassword',
    {
      config: {
        role: 'user',
        rateLimit: perUser('change-password', config.changePasswordRateLimit, HOUR),
      },
    },
    async (request) => {
      const user = request.user!;
      return accounts.changePassword(user.id, user.sid, parse(zChangePassword, request.body, 'body'));
    },
  );

  app.post('/api/users/logout', { config: { role: 'user' } }, async (request) =>
    accounts.logout(request.user!.sid),
  );

  app.post('/api/users/resetProgress', { config: { role: 'user' } }, async (request) =>
    accounts.resetProgress(request.user!.id, parse(zResetProgress, request.body, 'body').gameId),
  );
}
