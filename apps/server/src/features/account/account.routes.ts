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
import type { AccountService } from './account.service.ts';

export function registerAccountRoutes(
  app: FastifyInstance,
  deps: { accounts: AccountService; config: Config },
) {
  const { accounts, config } = deps;
  const limited = {
    role: 'guest' as const,
    rateLimit: { max: config.authRateLimit, timeWindow: '1 minute' },
  };

  app.post('/api/users/login', { config: limited }, async (request) =>
    accounts.login(parse(zLogin, request.body, 'body')),
  );

  app.post('/api/users/register', { config: limited }, async (request, reply) => {
    const answer = await accounts.register(parse(zRegister, request.body, 'body'));
    return reply.status(201).send(answer);
  });

  app.post('/api/users/forgotPassword', { config: limited }, async (request) =>
    accounts.forgotPassword(parse(zForgotPassword, request.body, 'body').email),
  );

  app.post('/api/users/passwordRecovery', { config: limited }, async (request) =>
    accounts.recoverPassword(parse(zPasswordRecovery, request.body, 'body')),
  );

  app.get('/api/users/confirm/:hash', { config: limited }, async (request) =>
    accounts.confirm(parse(z.object({ hash: z.string().min(1).max(200) }), request.params, 'params').hash),
  );

  app.post('/api/users/changePassword', { config: { role: 'user' } }, async (request) =>
    accounts.changePassword(request.user!.id, parse(zChangePassword, request.body, 'body')),
  );

  app.post('/api/users/resetProgress', { config: { role: 'user' } }, async (request) =>
    accounts.resetProgress(request.user!.id, parse(zResetProgress, request.body, 'body').gameId),
  );
}
