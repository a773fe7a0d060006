import { isOpenSuggestion, type SuggestionDecision, type TNewSuggestion } from '@waypoint/shared';
import { gamesWith } from '@waypoint/shared/roles/roles';
import type { Executor } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import type { Actor } from '../audit/audit.ts';
import { appliesAtOnce } from '../auth/policy.ts';
import { gameOfSuggestion } from '../community/community.repository.ts';
import { openSuggestionsFor, type StagedImages, type SuggestionRecord } from './suggestions.repository.ts';
import { applySuggestion } from './use-cases/apply-suggestion.ts';
import { attachImages } from './use-cases/attach-images.ts';
import { commentOn, commentsOf } from './use-cases/comment.ts';
import type { SuggestionActor, SuggestionDeps } from './use-cases/common.ts';
import { createSuggestion } from './use-cases/create-suggestion.ts';
import { decide, decideSuggestions } from './use-cases/decide-suggestion.ts';
import { mapSuggestions } from './use-cases/map-suggestions.ts';
import { removeOpenSuggestionsOfUser, removeSuggestion } from './use-cases/remove-suggestion.ts';
import { discardStagedImages, imageSources, stageSuggestionImages } from './use-cases/stage-images.ts';
import { updateSuggestionOf } from './use-cases/update-suggestion.ts';
import { vote, votesOf } from './use-cases/vote.ts';

export {
  checkImageUrls,
  type ImageProblem,
  newMarkerId,
  type SuggestionActor,
} from './use-cases/common.ts';

/**
 * The suggestion use cases (one per file under `use-cases/`) bound to their dependencies, for the
 * routes and the features built on suggestions (map markers, review).
 */
export function createSuggestionService(deps: SuggestionDeps) {
  async function applyAtOnce(created: SuggestionRecord, user: SuggestionActor): Promise<SuggestionRecord> {
    if (user.admin || !user.standing || !isOpenSuggestion(created.status)) return created;
    // Only a role that applies edits at once in some game may skip the review (the roles table).
    if (!gamesWith(user, 'applyAtOnce').length) return created;
    if (!appliesAtOnce(user, await gameOfSuggestion(deps.db.kysely, created))) return created;
    try {
      const { decided } = await decideSuggestions(deps, [created._id], 'ACCEPTED', user);
      return decided[0] ?? created;
    } catch (error) {
      // Not applicable now (say, its element changed meanwhile): it waits for review instead.
      if (error instanceof HttpError) return created;
      throw error;
    }
  }

  return {
    /**
     * Records a suggestion; one by a trusted editor (or moderator) of its game is accepted at once
     * through the one decision path, so it is audited, in the review history and revertable.
     * Within a caller's transaction it stays open (the caller's change is not yet committed).
     */
    create: async (
      input: TNewSuggestion,
      user: SuggestionActor,
      executor?: Executor,
      staged?: StagedImages,
    ) => {
      const created = await createSuggestion(deps, input, user, executor, staged);
      if (executor) return created;
      return applyAtOnce(created, user);
    },
    /**
     * Accepts an open suggestion at once when its author is a trusted editor (or moderator) of its
     * game: for a suggestion made within a caller's transaction, called once that has committed.
     */
    applyAtOnce: (created: SuggestionRecord, user: SuggestionActor) => applyAtOnce(created, user),
    update: (id: string, body: unknown, user: SuggestionActor, executor?: Executor, staged?: StagedImages) =>
      updateSuggestionOf(deps, id, body, user, executor, staged),
    /** Fetches and processes images for a suggestion of `type` (before the caller's transaction). */
    stageImages: (type: string, imageUrls: string[], imageUrl = '') =>
      stageSuggestionImages(deps, type, imageSources(imageUrls, imageUrl)),
    discardImages: (staged: StagedImages | undefined) => discardStagedImages(deps, staged),
    remove: (id: string, user: SuggestionActor, executor?: Executor) =>
      removeSuggestion(deps, id, user, executor),
    apply: (trx: Executor, suggestion: SuggestionRecord, actor: Actor) =>
      applySuggestion(deps, trx, suggestion, actor),
    /** Accepts or rejects suggestions by id or in bulk (the decision endpoints). */
    decide: (body: SuggestionDecision, decision: 'accept' | 'reject', user: SuggestionActor) =>
      decide(deps, body, decision, user),
    reject: async (ids: string[], user: SuggestionActor) =>
      (await decideSuggestions(deps, ids, 'REJECTED', user)).decided,
    attachImages: (modelKey: string, id: string, urls: string[], actor: Actor) =>
      attachImages(deps, modelKey, id, urls, actor),
    /** Open suggestions of `type` for one element, of one user or (undefined) of everyone. */
    openFor: (type: string, targetId: string, userId?: string, executor: Executor = deps.db.kysely) =>
      openSuggestionsFor(executor, type, targetId, userId),
    removeOpenOfUser: (username: string, admin: SuggestionActor) =>
      removeOpenSuggestionsOfUser(deps, username, admin),
    /** The map's open placed-marker suggestions the caller may see (suggest mode). */
    mapSuggestions: (mapId: string, user: SuggestionActor, page: { limit: number; skip: number }) =>
      mapSuggestions(deps, mapId, user, page),
    comment: (id: string, text: string, user: SuggestionActor) => commentOn(deps, id, text, user),
    comments: (id: string, user: SuggestionActor) => commentsOf(deps, id, user),
    votes: (id: string, user: SuggestionActor) => votesOf(deps, id, user),
    vote: (id: string, direction: 1 | -1, user: SuggestionActor, set?: boolean) =>
      vote(deps, id, direction, user, set),
  };
}

export type SuggestionService = ReturnType<typeof createSuggestionService>;
