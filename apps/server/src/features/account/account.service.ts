import { createHash, randomBytes } from 'node:crypto';
import { type LoginAnswer, messages, serverMessages } from '@waypoint/shared';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../http/errors.ts';
import { assertStrongPassword } from '../auth/password-strength.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import type { TokenService } from '../auth/tokens.ts';
import type { RateLimitCounters } from '../limits/counters.ts';
import { consume, hashedKey } from '../limits/limits.ts';
import { publishProgressChange } from '../live/publish.ts';
import type { MailQueue } from '../mail/mail-queue.ts';
import type { Mailer } from '../mail/mailer.ts';
import { recordExists } from '../models/models.repository.ts';
import {
  consumeLink,
  deleteGameProgress,
  findUserByEmail,
  findUserById,
  findUserByLink,
  findUserByUsername,
  insertUser,
  normalizeEmail,
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

export function createAccountService(deps: {
  db: Db;
  config: Config;
  tokens: TokenService;
  mailer: Mailer;
  mailQueue: MailQueue;
  counters: RateLimitCounters;
}) {
  const { db, config, tokens, mailer, mailQueue, counters } = deps;
  const k = db.kysely;
  // Unknown addresses are verified against this hash, so that a login costs the same password
  // work whether or not the address has an account (no user enumeration by timing).
  let dummyHash: Promise<string> | undefined;
  const unknownUserHash = () => {
    dummyHash ??= hashPassword(randomBytes(16).toString('base64url'));
    return dummyHash;
  };

  return {
    /**
     * Answers the same for a new address and one that already has an account; the owner of a
     * registered address gets a mail instead of a second account. A taken username is a 409.
     */
    async register(input: { username: string; email: string; password: string }) {
      const email = normalizeEmail(input.email);
      assertStrongPassword(input.password, 'body.password', [input.username, email]);
      if (await findUserByUsername(k, input.username)) throw conflict(serverMessages.usernameTaken);
      const link = newLinkSecret();
      // Hashed on both paths, so that the answer takes as long for a registered address.
      const passwordHash = await hashPassword(input.password);
      let created = false;
      if (!(await findUserByEmail(k, email))) {
        try {
          await insertUser(k, {
            username: input.username,
            email,
            passwordHash,
            confirmHash: link.stored,
            confirmExpires: new Date(Date.now() + CONFIRM_TTL_MS).toISOString(),
          });
          created = true;
        } catch (error) {
          // Two registrations raced: the unique indexes decided. A name lost to the race is a
          // 409; an address is answered like any registered address.
          if (await findUserByUsername(k, input.username)) throw conflict(serverMessages.usernameTaken);
          if (!(await findUserByEmail(k, email))) throw error;
        }
      }
      if (created) {
        const url = `${config.webHost}/confirmAccount/${link.secret}`;
        mailQueue.later('confirm account', () =>
          mailer.send({
            to: email,
            subject: 'Confirm your Waypoint account',
            text: `Welcome to Waypoint, ${input.username}!\n\nConfirm your account by opening this link within 48 hours:\n${url}\n\nIf you did not register, ignore this message.\n`,
          }),
        );
      } else {
        mailQueue.later('register notice', async () => {
          // The notice shares the recovery mails' per-address limit, so it cannot flood an inbox.
          const { count } = await counters.hit(hashedKey('register-notice', email), 3600_000);
          if (count > config.forgotPasswordRateLimit) return;
          await mailer.send({
            to: email,
            subject: 'Someone tried to register with your address',
            text: `Someone tried to register a Waypoint account with this e-mail address, which already has an account.\n\nIf it was you, log in at ${config.webHost}/login or reset your password at ${config.webHost}/forgotPassword.\n\nIf it was not you, ignore this message: nothing has changed.\n`,
          });
        });
      }
      return { message: messages.registerSuccess };
    },

    /**
     * Too many failed logins for one address (whether or not it has an account) lock its login
     * until the window ends; every attempt counts before the password is checked, so parallel
     * guesses cannot slip past the limit, and a successful login clears the count.
     */
    async login(input: { email: string; password: string }): Promise<LoginAnswer> {
      const email = normalizeEmail(input.email);
      const failures = hashedKey('login-failures', email);
      await consume(
        counters,
        failures,
        config.loginFailureLimit,
        config.loginFailureWindowMinutes * 60_000,
        serverMessages.tooManyFailedLogins,
      );
      const user = await findUserByEmail(k, email);
      const valid = await verifyPassword(user?.passwordHash ?? (await unknownUserHash()), input.password);
      if (!user || !valid) throw unauthorized(serverMessages.invalidCredentials);
      await counters.reset(failures);
      if (!user.confirmed) throw forbidden(serverMessages.accountNotConfirmed);
      const profile = { id: user.id, username: user.username, admin: Boolean(user.admin) };
      return { token: await tokens.sign(profile), user: profile };
    },

    async confirm(secret: string) {
      const userId = await consumeLink(k, 'confirm', digest(secret), { confirmed: 1 });
      if (!userId) throw badRequest(serverMessages.invalidOrExpiredLink);
      return { message: messages.accountConfirmed };
    },

    /**
     * Answers the same whether or not the address is registered. Each target address gets at
     * most FORGOT_PASSWORD_RATE_LIMIT mails an hour, whoever asks.
     */
    async forgotPassword(rawEmail: string) {
      const email = normalizeEmail(rawEmail);
      await consume(
        counters,
        hashedKey('forgot-password', email),
        config.forgotPasswordRateLimit,
        3600_000,
        serverMessages.tooManyRecoveryMails,
      );
      // The lookup, the link and the mail run after the answer, so that a registered address
      // takes exactly as long to answer as an unknown one.
      mailQueue.later('password recovery', async () => {
        const user = await findUserByEmail(k, email);
        if (!user) return;
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
        });
      });
      return { message: messages.checkInbox };
    },

    /** Sets the new password and uses up the link in one statement; every session ends. */
    async recoverPassword(input: { hash: string; newPassword: string }) {
      const owner = await findUserByLink(k, 'recovery', digest(input.hash));
      assertStrongPassword(input.newPassword, 'body.newPassword', owner ? [owner.username, owner.email] : []);
      const passwordHash = await hashPassword(input.newPassword);
      // Opening the link proves the address, so the account counts as confirmed too.
      const userId = await consumeLink(k, 'recovery', digest(input.hash), { passwordHash, confirmed: 1 });
      if (!userId) throw badRequest(serverMessages.invalidOrExpiredLink);
      await tokens.revokeAll(userId);
      return { message: messages.passwordChanged };
    },

    /** Ends every other session of the user and any open recovery link. */
    async changePassword(
      userId: string,
      sessionId: string,
      input: { oldPassword: string; newPassword: string },
    ) {
      const user = await findUserById(k, userId);
      if (!user) throw unauthorized(serverMessages.loginRequired);
      if (!(await verifyPassword(user.passwordHash, input.oldPassword))) {
        throw badRequest(serverMessages.wrongOldPassword, [
          { field: 'body.oldPassword', message: serverMessages.wrongOldPassword },
        ]);
      }
      assertStrongPassword(input.newPassword, 'body.newPassword', [user.username, user.email]);
      await updateUser(k, userId, {
        passwordHash: await hashPassword(input.newPassword),
        recoveryHash: null,
        recoveryExpires: null,
      });
      await tokens.revokeAll(userId, { except: sessionId });
      return { message: messages.passwordChanged };
    },

    async logout(sessionId: string) {
      await tokens.revoke(sessionId);
      return { message: messages.loggedOut };
    },

    async resetProgress(userId: string, gameId: string) {
      if (!(await recordExists(k, 'game', gameId))) throw notFound(serverMessages.notFound('Game', gameId));
      await deleteGameProgress(db, userId, gameId);
      publishProgressChange(db, userId, { what: 'all', gameId });
      return { message: 'Progress reset' };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
