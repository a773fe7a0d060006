import { z } from 'zod';
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
export const zSuggestionIdBody = z.object({ suggestionId: zId });
export const zComment = z.object({ comment: z.string().trim().min(1, 'Required').max(2000) });
export const zUpvote = z.object({ upvote: z.boolean() });
export const zDownvote = z.object({ downvote: z.boolean() });
export const zSuggestionStatus = z.enum(suggestionStatuses);

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
