import { serverMessages } from '@waypoint/shared';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
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
 * Whether a password may be used: not one of the common passwords that zxcvbn ships (as a whole,
 * also in l33t or reversed forms) and at least "somewhat guessable" (score 2). The user's own
 * name and address count as known words.
 */
export function isStrongPassword(password: string, userInputs: string[] = []): boolean {
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
