import type { SuggestionDecision, TNewSuggestion } from '@waypoint/shared';
import type { Executor } from '../../db/database.ts';
import type { Actor } from '../audit/audit.ts';
import { openSuggestionsFor, type StagedImages, type SuggestionRecord } from './suggestions.repository.ts';
import { applySuggestion } from './use-cases/apply-suggestion.ts';
import { attachImages } from './use-cases/attach-images.ts';
import { commentOn, commentsOf } from './use-cases/comment.ts';
import type { SuggestionActor, SuggestionDeps } from './use-cases/common.ts';
import { createSuggestion } from './use-cases/create-suggestion.ts';
import { decide, decideSuggestions } from './use-cases/decide-suggestion.ts';
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
  return {
    create: (input: TNewSuggestion, user: SuggestionActor, executor?: Executor, staged?: StagedImages) =>
      createSuggestion(deps, input, user, executor, staged),
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
    comment: (id: string, text: string, user: SuggestionActor) => commentOn(deps, id, text, user),
    comments: (id: string, user: SuggestionActor) => commentsOf(deps, id, user),
    votes: (id: string, user: SuggestionActor) => votesOf(deps, id, user),
    vote: (id: string, direction: 1 | -1, user: SuggestionActor, set?: boolean) =>
      vote(deps, id, direction, user, set),
  };
}

export type SuggestionService = ReturnType<typeof createSuggestionService>;
