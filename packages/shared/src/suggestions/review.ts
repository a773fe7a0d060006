import { z } from 'zod';
import { type suggestionActions, suggestionTypes } from '../models/enums.ts';
import { zId } from '../models/fields.ts';
import { reviewColumns, reviewMarkerPageSize, reviewPageSize, reviewSummarySorts } from './review-table.ts';
import type { SuggestionComment } from './schemas.ts';

/**
 * The suggestion review page's API (specification §2.12, §4): lists with a substring filter per
 * column, the placed-marker summary by parent map, decisions per user or per parent, the decision
 * history and its revert.
 */

export {
  type ReviewColumn,
  reviewCell,
  reviewCellLength,
  reviewColumns,
  reviewMarkerPageSize,
  reviewPageSize,
  reviewSummarySorts,
} from './review-table.ts';

const filterText = z.string().trim().max(200).optional();
const page = (size: number) => ({
  limit: z.coerce.number().int().min(1).max(1000).default(size),
  skip: z.coerce.number().int().min(0).default(0),
  order: z.enum(['asc', 'desc']).optional(),
});

/** `GET /api/admin/review/suggestions`: open suggestions of one type; stale ones first. */
/** The game a moderator reviews (required of moderators, optional for admins). */
const zGameScope = zId.optional();

export const zReviewListQuery = z.strictObject({
  gameId: zGameScope,
  type: z.enum(suggestionTypes),
  _id: filterText,
  username: filterText,
  status: filterText,
  action: filterText,
  parentId: filterText,
  /** Exactly this user (the page's user name, compared without case). */
  user: z.string().trim().max(64).optional(),
  /** Exactly this parent (the items of one map in the summary). */
  parent: z.string().trim().max(200).optional(),
  /** `netVotes`: up minus down votes. */
  sort: z.enum([...reviewColumns, 'weight', 'createdAt', 'netVotes']).optional(),
  ...page(reviewPageSize),
});
export type ReviewListQuery = z.input<typeof zReviewListQuery>;

/** `GET /api/admin/review/markers`: placed-marker suggestions summarized by parent map. */
export const zReviewSummaryQuery = z.strictObject({
  gameId: zGameScope,
  /** Only this user's suggestions (the page's user name). */
  username: z.string().trim().max(64).optional(),
  parentId: filterText,
  mapName: filterText,
  sort: z.enum(reviewSummarySorts).optional(),
  ...page(reviewMarkerPageSize),
});
export type ReviewSummaryQuery = z.input<typeof zReviewSummaryQuery>;

/** `GET /api/admin/review/counts`: open suggestions per type, and of one user when named. */
export const zReviewCountsQuery = z.strictObject({
  gameId: zGameScope,
  username: z.string().trim().max(64).optional(),
});

/** `GET /api/admin/review/history`. */
export const zReviewHistoryQuery = z.strictObject({
  gameId: zGameScope,
  limit: z.coerce.number().int().min(1).max(200).default(reviewPageSize),
  skip: z.coerce.number().int().min(0).default(0),
});

/** One row of a type's table. */
export interface ReviewRow {
  _id: string;
  type: string;
  status: string;
  action: (typeof suggestionActions)[number];
  parentId: string;
  userId: string;
  username: string;
  targetId: string;
  createdAt: string;
  upvotes: number;
  downvotes: number;
  /** The target changed (or vanished, or for an ADD: its id was taken) since the suggestion was made. */
  stale: boolean;
}

/** One map of the placed-marker summary. */
export interface ReviewSummaryRow {
  parentId: string;
  /** Empty when no map has this id. */
  mapName: string;
  gameId: string;
  adds: number;
  updates: number;
  deletes: number;
  total: number;
  stale: number;
}

export interface ReviewPage<T> {
  count: number;
  data: T[];
  limit: number;
  skip: number;
}

/** An author's decided suggestions (accepted or rejected), of all games, and how many were accepted. */
export interface AuthorRate {
  accepted: number;
  decided: number;
}

/** A page of a type's table with the acceptance rate of each of its authors, by user id. */
export interface ReviewListPage extends ReviewPage<ReviewRow> {
  authors: Record<string, AuthorRate>;
}

export interface ReviewCounts {
  types: Record<string, number>;
  total: number;
  /** The named user's open suggestions (absent without a name; `exists` false for an unknown name). */
  user?: { username: string; exists: boolean; open: number };
}

/** Everything the decision needs, for one suggestion. */
export interface ReviewDetail {
  suggestion: ReviewRow & { data: string; imageUrl: string; imageUrls: string[]; baseUpdatedAt: string };
  /** The element as the suggestion would make it (UPDATE: the stored record with the change merged). */
  proposed: Record<string, unknown> | null;
  /** The element as stored now (null for an ADD, or when it vanished). */
  current: Record<string, unknown> | null;
  comments: SuggestionComment[];
  author: { accepted: number; rejected: number; open: number };
  /** Freshness of the target marker: confirmations and the players' reports. */
  freshness: {
    lastConfirmedAt: string;
    reportCount: number;
    reports: { username: string; kind: string; at: string }[];
  } | null;
  /** For placed markers: the map and the marker definitions needed to draw the preview. */
  preview: {
    map: {
      _id: string;
      gameId: string;
      name: string;
      tilesPath: string;
      /** The map picture's version ('' without one): part of its tiles' addresses. */
      version: string;
      maxZoom: number;
      width: number;
      height: number;
    };
    /** The map's floors (bottom to top); a marker on one is previewed over that floor's tiles. */
    levels: { level: number; name: string; tilesPath: string; version: string }[];
    definitions: Record<
      string,
      {
        name: string;
        markerDefinitionType: string;
        polygonColor: string;
        wrapperColor: string;
        innerColor: string;
      }
    >;
  } | null;
}

/** One decision of the history. */
export interface ReviewHistoryRow {
  id: number;
  at: string;
  /** Who decided. */
  username: string;
  decision: 'accept' | 'reject' | 'revert';
  suggestion: {
    _id: string;
    type: string;
    action: string;
    username: string;
    parentId: string;
    targetId: string;
  };
  /** The element before and after the decision (accept and revert; null when it did not exist). */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  /** An accept that is the suggestion's latest decision and may still be reverted. */
  revertible: boolean;
}
