import { createHash, randomBytes } from 'node:crypto';
import { type LoginAnswer, messages } from '@waypoint/shared';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../http/errors.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import type { TokenService } from '../auth/tokens.ts';
import type { Mailer } from '../mail/mailer.ts';
import { recordExists } from '../models/models.repository.ts';
import {
  deleteGameProgress,
  findUserByEmail,
  findUserById,
  findUserByUsername,
  insertUser,
  updateUser,
} from './account.repository.ts';

const CONFIRM_TTL_MS = 48 * 3600_000;
const RECOVERY_TTL_MS = 3600_000;

/** Links carry a random secret; only its hash is stored, so a leaked database holds no live links. */
function newLinkSecret() {
  const secret = randomBytes(32).toString('base64url');
  return { secret, stored: digest(secret) };
}
const digest = (secret: string) => createHash('sha256').update(secret).digest('hex');

const expired = (at: string | null) => !at || Date.parse(at) < Date.now();

export function createAccountService(deps: { db: Db; config: Config; tokens: TokenService; mailer: Mailer }) {
  const { db, config, tokens, mailer } = deps;
  const k = db.kysely;

  return {
    async register(input: { username: string; email: string; password: string }) {
      if (await findUserByUsername(k, input.username)) throw conflict(messages.usernameTaken);
      if (await findUserByEmail(k, input.email)) throw conflict(messages.emailTaken);
      const link = newLinkSecret();
      const passwordHash = await hashPassword(input.password);
      try {
        await insertUser(k, {
          username: input.username,
          email: input.email,
          passwordHash,
          confirmHash: link.stored,
          confirmExpires: new Date(Date.now() + CONFIRM_TTL_MS).toISOString(),
        });
      } catch {
        // Two registrations raced for the same name or address: the unique index decided.
        throw conflict(messages.usernameTaken);
      }
      const url = `${config.webHost}/confirmAccount/${link.secret}`;
      await mailer.send({
        to: input.email,
        subject: 'Confirm your Waypoint account',
        text: `Welcome to Waypoint, ${input.username}!\n\nConfirm your account by opening this link within 48 hours:\n${url}\n\nIf you did not register, ignore this message.\n`,
        link: url,
      });
      return { message: messages.registerSuccess };
    },

    async login(input: { email: string; password: string }): Promise<LoginAnswer> {
      const user = await findUserByEmail(k, input.email.trim());
      const valid = user ? await verifyPassword(user.passwordHash, input.password) : false;
      if (!user || !valid) throw unauthorized(messages.invalidCredentials);
      if (!user.confirmed) throw forbidden(messages.accountNotConfirmed);
      const profile = { id: user.id, username: user.username, admin: Boolean(user.admin) };
      return { token: await tokens.sign(profile), user: profile };
    },

    async confirm(secret: string) {
      const user = await k
        .selectFrom('user')
        .selectAll()
        .where('confirmHash', '=', digest(secret))
        .executeTakeFirst();
      if (!user || expired(user.confirmExpires)) throw badRequest(messages.invalidOrExpiredLink);
      await updateUser(k, user.id, { confirmed: 1, confirmHash: null, confirmExpires: null });
      return { message: messages.accountConfirmed };
    },

    /** Answers the same whether or not the address is registered. */
    async forgotPassword(email: string) {
      const user = await findUserByEmail(k, email.trim());
      if (user) {
        const link = newLinkSecret();
        await updateUser(k, user.id, {
          recoveryHash: link.stored,
          recoveryExpires: new Date(Date.now() + RECOVERY_TTL_MS).toISOString(),
        });
        const url = `${config.webHost}/passwordRecovery/${link.secret}`;
        await mailer.send({
          to: user.email,
          subject: 'Reset your Waypoint password',
          text: `Someone asked to reset the password of your Waypoint account (${user.username}).\n\nChoose a new password within one hour:\n${url}\n\nIf it was not you, ignore this message: your password stays as it is.\n`,
          link: url,
        });
      }
      return { message: messages.checkInbox };
    },

    async recoverPassword(input: { hash: string; newPassword: string }) {
      const user = await k
        .selectFrom('user')
        .selectAll()
        .where('recoveryHash', '=', digest(input.hash))
        .executeTakeFirst();
      if (!user || expired(user.recoveryExpires)) throw badRequest(messages.invalidOrExpiredLink);
      // Opening the link proves the address, so the account counts as confirmed too.
      await updateUser(k, user.id, {
        passwordHash: await hashPassword(input.newPassword),
        recoveryHash: null,
        recoveryExpires: null,
        confirmed: 1,
      });
      return { message: messages.passwordChanged };
    },

    async changePassword(userId: string, input: { oldPassword: string; newPassword: string }) {
      const user = await findUserById(k, userId);
      if (!user) throw unauthorized(messages.loginRequired);
      if (!(await verifyPassword(user.passwordHash, input.oldPassword))) {
        throw badRequest(messages.wrongOldPassword, [
          { field: 'body.oldPassword', message: messages.wrongOldPassword },
        ]);
      }
      await updateUser(k, userId, { passwordHash: await hashPassword(input.newPassword) });
      return { message: messages.passwordChanged };
    },

    async resetProgress(userId: string, gameId: string) {
      if (!(await recordExists(k, 'game', gameId))) throw notFound(messages.notFound('Game', gameId));
      await deleteGameProgress(db, userId, gameId);
      return { message: 'Progress reset' };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
