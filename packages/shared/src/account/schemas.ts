import { z } from 'zod';
import { constants } from '../constants.ts';
import { messages } from '../messages.ts';
import { zId } from '../models/fields.ts';

const email = z.email('Enter a valid email').max(320);
/** Passwords: at least 8 characters; argon2 hashes any length, the cap stops abuse. */
const password = z.string().min(8, 'Use at least 8 characters').max(256);
const required = (max: number) => z.string().min(1, 'Required').max(max);

/** Usernames are stored NFKC-normalized (fullwidth and other compatibility forms fold to one). */
export const zUsername = z
  .string()
  .trim()
  .normalize('NFKC')
  .min(3, 'Use at least 3 characters')
  .max(32, 'Use at most 32 characters')
  .regex(/^[\p{L}\p{N}_.-]+$/u, 'Use letters, digits, _, - or .');

/** Login form and `POST /api/users/login` body. */
export const zLogin = z.object({ email: required(320), password: required(256) });

/** What the server takes on `POST /api/users/register`. */
export const zRegister = z.object({ username: zUsername, email, password });

/** The register form: adds confirmation and consent. */
export const zRegisterForm = zRegister
  .extend({
    confirmPassword: z.string(),
    consent: z.literal(true, { error: 'Please accept the terms to register' }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: messages.passwordsMustMatch,
  });

export const zForgotPassword = z.object({ email: required(320) });

export const zPasswordRecovery = z.object({ hash: required(200), newPassword: password });
export const zPasswordRecoveryForm = z
  .object({ newPassword: password, confirmPassword: required(256) })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: messages.passwordsMustMatch,
  });

export const zChangePassword = z.object({ oldPassword: required(256), newPassword: password });
export const zChangePasswordForm = zChangePassword
  .extend({ confirmPassword: required(256) })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: messages.passwordsMustMatch,
  });

export const zResetProgress = z.object({ gameId: zId });
export const zResetConfirm = z.literal(constants.resetConfirmWord);

/** The token payload (specification §3), plus the id of the server-side session it belongs to. */
export const zTokenPayload = z.object({
  id: z.string(),
  username: z.string(),
  admin: z.boolean(),
  exp: z.number(),
  sid: z.string(),
});
export type TTokenPayload = z.infer<typeof zTokenPayload>;

export interface LoginAnswer {
  token: string;
  user: { id: string; username: string; admin: boolean };
}
