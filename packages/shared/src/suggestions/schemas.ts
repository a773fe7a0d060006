import { z } from 'zod';
import { constants } from '../constants.ts';
import { suggestionActions, suggestionStatuses, suggestionTypes } from '../models/enums.ts';
import { zId } from '../models/fields.ts';
import { openSuggestionStatuses } from './status.ts';

export { isOpenSuggestion, openSuggestionStatuses } from './status.ts';

/** `data` travels as a JSON string of the element (specification §3); an object is taken too. */
const zData = z.union([z.string().max(500_000), z.record(z.string(), z.unknown())]);
const zImageUrl = z.string().trim().max(2000).default('');

/** `POST /api/suggestion`. */
export const zNewSuggestion = z.object({
  type: z.enum(suggestionTypes),
  action: z.enum(suggestionActions),
  parentId: z.string().trim().min(1).max(200),
  data: zData,
  imageUrl: zImageUrl,
  /** Images for the element's image fields (placed markers: up to five), fetched on accept. */
  imageUrls: z.array(z.string().trim().max(2000)).max(5).default([]),
});
export type TNewSuggestion = z.input<typeof zNewSuggestion>;

/** `PATCH /api/suggestions/{id}`: what an author (or an admin) may change of an open suggestion. */
export const zSuggestionPatch = z.object({
  data: zData.optional(),
  imageUrl: z.string().trim().max(2000).optional(),
  imageUrls: z.array(z.string().trim().max(2000)).max(5).optional(),
  status: z.enum(openSuggestionStatuses).optional(),
  weight: z.number().min(-1e9).max(1e9).optional(),
  // The suggestion body may be sent back whole: these must then be unchanged.
  type: z.enum(suggestionTypes).optional(),
  action: z.enum(suggestionActions).optional(),
  parentId: z.string().max(200).optional(),
});

export const zSuggestionIds = z.object({ suggestionIds: z.array(zId).min(1).max(10_000) });

/**
 * `POST /api/admin/suggestions/accept|reject`: some suggestions by id (`suggestionIds`), or every open
 * suggestion of a user and/or a parent, optionally of one type.
 */
/** The longest reason a reviewer may give with a decision. */
export const decisionReasonMax = 500;

export const zSuggestionDecision = z
  .object({
    suggestionIds: z.array(zId).min(1).max(10_000).optional(),
    username: z.string().trim().min(1).max(64).optional(),
    parentId: z.string().trim().min(1).max(200).optional(),
    type: z.enum(suggestionTypes).optional(),
    /** The game decided in: a moderator's must be one they moderate; limits a bulk decision to it. */
    gameId: zId.optional(),
    /** Why (optional): the author reads it in the decision's notification. */
    reason: z.string().trim().max(decisionReasonMax).optional(),
  })
  .refine((b) => b.suggestionIds !== undefined || b.username !== undefined || b.parentId !== undefined, {
    message: 'Name suggestionIds, a username or a parentId',
    path: ['username'],
  })
  .refine(
    (b) =>
      b.suggestionIds === undefined ||
      (b.username === undefined && b.parentId === undefined && b.type === undefined),
    { message: 'Name either suggestionIds or a username/parentId', path: ['suggestionIds'] },
  );
export type SuggestionDecision = z.input<typeof zSuggestionDecision>;

/** The answer of every decision (accept or reject, by ids or in bulk). */
export const zSuggestionDecisionAnswer = z.object({
  /** How many were accepted (0 for a reject). */
  accepted: z.number().int().min(0),
  /** How many were rejected (0 for an accept). */
  rejected: z.number().int().min(0),
  /** The decided suggestions with their new status. */
  suggestions: z.array(z.object({ _id: z.string(), status: z.enum(suggestionStatuses) }).passthrough()),
  /** Images of accepted elements that could not be stored (the elements themselves were applied). */
  imageProblems: z.array(
    z.object({
      suggestionId: z.string().optional(),
      field: z.string(),
      url: z.string(),
      message: z.string(),
    }),
  ),
});
export type SuggestionDecisionAnswer = z.infer<typeof zSuggestionDecisionAnswer>;
export const zSuggestionIdBody = z.object({ suggestionId: zId });
export const zComment = z.object({ comment: z.string().trim().min(1, 'Required').max(2000) });
export const zUpvote = z.object({ upvote: z.boolean() });
export const zDownvote = z.object({ downvote: z.boolean() });
export const zSuggestionStatus = z.enum(suggestionStatuses);

/**
 * `GET /api/map/{mapId}/suggestions`: the open placed-marker suggestions of a map the caller may
 * see (their own; everyone's where they may review the game's open suggestions), oldest first.
 */
export const zMapSuggestionsQuery = z.strictObject({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(constants.suggestionListLimit)
    .default(constants.suggestionListLimit),
  skip: z.coerce.number().int().min(0).max(10_000_000).default(0),
});

/** One suggestion of that list. */
export interface MapSuggestion {
  _id: string;
  type: string;
  action: (typeof suggestionActions)[number];
  status: string;
  parentId: string;
  userId: string;
  username: string;
  targetId: string;
  /** JSON string of the element. */
  data: string;
  upvotes: number;
  downvotes: number;
  createdAt: string;
}

/** A comment on a suggestion as the API answers it. */
export interface SuggestionComment {
  id: number;
  suggestionId: string;
  userId: string;
  username: string;
  comment: string;
  createdAt: string;
}

/** Freshness reports on a placed marker. */
export const markerReportKinds = ['GONE', 'MOVED'] as const;
export const zMarkerReport = z.object({ kind: z.enum(markerReportKinds).default('GONE') });

/**
 * The id of a newly suggested game, category, map, marker definition or quest, from its name (§5):
 * lower-case, spaces replaced by underscores; characters an id cannot hold are left out.
 */
export function idFromName(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, '_')
    .replace(/[^a-z0-9_.-]/g, '')
    .replace(/^[.-]+/, '')
    .slice(0, 200);
}
