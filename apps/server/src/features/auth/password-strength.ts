/// <reference path="./fxa-common-password-list.d.ts" />
import { serverMessages } from '@waypoint/shared';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import breachedPasswords from 'fxa-common-password-list';
import { badRequest } from '../../http/errors.ts';

/** zxcvbn scores 0–4; below this a password is guessed too quickly (under ~10⁶ guesses). */
const MIN_SCORE = 2;

let factory: ZxcvbnFactory | undefined;
/** Built on first use: loading the dictionaries takes a few tens of milliseconds. */
const estimator = () => {
  factory ??= new ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs });
  return factory;
};

/** The site's own name counts as a known word for every user (`waypoint123` is weak here). */
const siteInputs = ['waypoint'];

/**
 * Passwords published as examples of good ones (xkcd 936 and its like): the first an attacker tries,
 * and missing from breach lists that keep only the most frequent entries.
 */
const publishedExamples = new Set(['correcthorsebatterystaple', 'tr0ub4dor&3', 'tr0ub4dor3']);

/** In Mozilla's list of the 50,000 most common breached passwords of 8 characters or more, in any case. */
const isBreached = (password: string) =>
  breachedPasswords.test(password) || breachedPasswords.test(password.toLowerCase());

/**
 * Whether a password may be used: not a breached or published example password, not one of the
 * common passwords that zxcvbn ships (as a whole, also in l33t or reversed forms) and at least
 * "somewhat guessable" (score 2). The user's own name and address count as known words.
 */
export function isStrongPassword(password: string, userInputs: string[] = []): boolean {
  const compact = password.toLowerCase().replace(/[\s_-]+/g, '');
  if (publishedExamples.has(compact) || isBreached(password)) return false;
  const result = estimator().check(password, [...siteInputs, ...userInputs]);
  const [only, ...rest] = result.sequence;
  const isCommon =
    only !== undefined &&
    rest.length === 0 &&
    only.pattern === 'dictionary' &&
    String((only as { dictionaryName?: string }).dictionaryName).startsWith('passwords');
  return !isCommon && result.score >= MIN_SCORE;
}

/** Throws a 400 naming `field` (e.g. `body.newPassword`) when the password is too weak. */
export function assertStrongPassword(password: string, field: string, userInputs: string[] = []): void {
  if (isStrongPassword(password, userInputs)) return;
  throw badRequest(serverMessages.weakPassword, [{ field, message: serverMessages.weakPassword }]);
}
