import { randomBytes } from 'node:crypto';
import {
  communityMessages,
  getModel,
  isOpenSuggestion,
  type ModelDef,
  type ModelKey,
  type SuggestionType,
  serverMessages,
  suggestionTypeModel,
  type TStoredImage,
} from '@waypoint/shared';
import type { Db, Executor } from '../../../db/database.ts';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../../http/errors.ts';
import type { Actor as AuditActor } from '../../audit/audit.ts';
import { type Actor, ensureMayContribute, mayReviewOpenSuggestions } from '../../auth/policy.ts';
import { gameOfSuggestion } from '../../community/community.repository.ts';
import type { ModelWriter } from '../../models/models.service.ts';
import { findSuggestion } from '../suggestions.repository.ts';

export type { StagedImages } from '../suggestions.repository.ts';

/** Who acts on a suggestion: the logged-in user with the admin flag and standing as the database has them. */
export type SuggestionActor = Actor;

/**
 * The images feature as suggestions use it: fetch-and-store for an admin's direct change; for a
 * suggestion, fetch-and-process when suggested (`stage`), move onto the record when accepted
 * (`attach`, no network, no image work), or throw away (`discard`).
 */
export interface SuggestionImages {
  fetch(model: string, id: string, field: string, url: string, actor: AuditActor): Promise<unknown>;
  stage(field: string, url: string, requestField: string): Promise<TStoredImage>;
  attach(model: string, id: string, field: string, image: TStoredImage, actor: AuditActor): Promise<unknown>;
  discard(images: TStoredImage[]): Promise<void>;
}

/** An image of an accepted element that could not be stored (the element itself was applied). */
export interface ImageProblem {
  suggestionId?: string;
  field: string;
  url: string;
  message: string;
}

/** What the suggestion use cases work with. */
export interface SuggestionDeps {
  db: Db;
  writer: ModelWriter;
  /** Announces committed content changes (the response cache, other processes). */
  invalidate: () => void;
  /** The images feature, once registered. */
  images?: () => SuggestionImages | undefined;
}

export const auditActor = (user: SuggestionActor): AuditActor => ({ id: user.id, username: user.username });

export const fieldError = (field: string, message: string) =>
  badRequest(`Invalid ${field}: ${message}`, [{ field, message }]);

export function parseData(raw: unknown): Record<string, unknown> {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw fieldError('body.data', 'Not valid JSON');
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw fieldError('body.data', 'Must be a JSON object of the element');
  }
  return value as Record<string, unknown>;
}

/** A new placed marker's id: markers have no name-derived ids, and many share a name. */
export const newMarkerId = () => `pm_${randomBytes(8).toString('hex')}`;
export const newSuggestionId = () => `sg_${randomBytes(8).toString('hex')}`;

/** The model a suggestion type writes to. */
export const modelOfType = (type: string): ModelDef =>
  getModel(suggestionTypeModel[type as SuggestionType] as ModelKey);

/** A refusal while deciding one of several suggestions, naming it. */
export function aboutSuggestion(id: string, error: unknown): unknown {
  if (error instanceof HttpError) {
    return new HttpError(error.statusCode, `Suggestion ${id}: ${error.message}`, error.errors);
  }
  return error;
}

/**
 * The suggestion if `user` may see it (and its comments and votes): its author or an admin always;
 * while it is open, also anyone the policy lets review its game's open suggestions. 404 otherwise
 * (no existence leak).
 */
export async function visibleSuggestion(
  deps: Pick<SuggestionDeps, 'db'>,
  executor: Executor,
  id: string,
  user: SuggestionActor,
  options: { lock?: boolean } = {},
) {
  const suggestion = await findSuggestion(executor, id, { lock: options.lock, dialect: deps.db.dialect });
  const visible =
    suggestion !== undefined &&
    (user.admin ||
      suggestion.userId === user.id ||
      (isOpenSuggestion(suggestion.status) &&
        mayReviewOpenSuggestions(user, await gameOfSuggestion(executor, suggestion))));
  if (!visible) throw notFound(serverMessages.notFound('Suggestion', id));
  return suggestion;
}

/**
 * The suggestion if `user` may still change it: open, and theirs unless they are an admin (row
 * locked). Others who may see it may only comment and vote: 403.
 */
export async function editableSuggestion(
  deps: Pick<SuggestionDeps, 'db'>,
  executor: Executor,
  id: string,
  user: SuggestionActor,
) {
  const suggestion = await visibleSuggestion(deps, executor, id, user, { lock: true });
  if (!user.admin && suggestion.userId !== user.id) throw forbidden(communityMessages.notYourSuggestion);
  if (!isOpenSuggestion(suggestion.status)) {
    throw conflict(`This suggestion is already ${suggestion.status.toLowerCase()}`);
  }
  return suggestion;
}

/** A suggestion's image URL: empty, or an http(s) address (fetched through the safe path on accept). */
export function checkImageUrl(value: string | undefined): string {
  const url = (value ?? '').trim();
  if (!url) return '';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw fieldError('body.imageUrl', 'Not a valid URL');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw fieldError('body.imageUrl', 'Only http and https addresses are allowed');
  }
  return parsed.toString();
}

/** Up to five image URLs, each http(s); a bad one is a 400 naming its place. */
export function checkImageUrls(values: string[] | undefined): string[] {
  return (values ?? [])
    .map((value, i) => {
      try {
        return checkImageUrl(value);
      } catch {
        throw fieldError(`body.imageUrls.${i}`, 'Use an http:// or https:// link');
      }
    })
    .filter(Boolean);
}

/**
 * Refuses a community write (suggesting, commenting, voting) by a user banned site-wide or in the
 * suggestion's game; the game is looked up only for a user with a ban in force.
 */
export async function ensureContributes(
  executor: Executor,
  suggestion: { type: string; action?: string; parentId: string; targetId?: string },
  user: SuggestionActor,
): Promise<void> {
  if (!user.standing?.bans.length) return;
  ensureMayContribute(user, await gameOfSuggestion(executor, suggestion));
}
