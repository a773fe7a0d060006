import { queryOptions } from '@tanstack/react-query';
import { constants } from '@waypoint/shared/constants';
import type { Paged } from '@waypoint/shared/models/types';
import { api } from '../../api/client.ts';
import { adminKeys, type ListParams, listUrl } from './api.ts';

// The import review's requests, kept free of the page's components.

/** One staged record of the review, beside the stored record it would replace. */
export interface StagedRow {
  _id: string;
  recordId: string;
  weight: number;
  createdAt: string;
  imported: Record<string, unknown> | null;
  stored: Record<string, unknown> | null;
  isNew: boolean;
  /** A content import's marker its source no longer has: accepting removes it. */
  gone?: boolean;
  /** Edited here since its source's last import: accepting overwrites the edit. */
  editedHere?: boolean;
  /** The fields accepting would change (the imported side is merged over the stored record). */
  changed?: string[];
  /** The game, map or floor accepting would move the record from and to: kept by Accept All. */
  moves?: { field: string; from: unknown; to: unknown }[];
  /** The record with the same source id in another map or game this row is a copy of. */
  copyOf?: string | null;
}

/** What a staged row would do; a moving row is also a changed one. */
export type RowKind = 'new' | 'changed' | 'gone';

export const kindOf = (row: StagedRow): RowKind => (row.gone ? 'gone' : row.isNew ? 'new' : 'changed');

/** The model reviewed when the address names none. */
export const defaultReviewModel = 'quest';

/** The review's first page: heaviest first, unfiltered. */
export const firstStagedPage: ListParams = {
  where: {},
  filters: {},
  sort: 'weight',
  order: 'desc',
  skip: 0,
  limit: constants.importedModelPageSize,
};

/** One page of a model's staged records, paged, sorted and filtered by the server. */
export const stagedQuery = (model: string, params: ListParams) =>
  queryOptions({
    queryKey: [...adminKeys.imports(model), params],
    queryFn: () => api.get<Paged<StagedRow>>(listUrl(`/admin/importedModels/${model}`, params)),
    // The page's first read finds the prefetched page fresh; a decision or Refresh invalidates it.
    staleTime: 10_000,
  });

/** The review's counts per kind over the model's staged rows (the first 200, the list's largest page). */
export const countedPage: ListParams = { ...firstStagedPage, limit: 200 };

export const stagedCountsQuery = (model: string) =>
  queryOptions({
    queryKey: [...adminKeys.imports(model), 'counts'],
    queryFn: async () => {
      const page = await api.get<Paged<StagedRow>>(listUrl(`/admin/importedModels/${model}`, countedPage));
      const counts = { new: 0, changed: 0, gone: 0, moving: 0, counted: page.data.length, total: page.count };
      for (const row of page.data) {
        counts[kindOf(row)] += 1;
        if (row.moves?.length) counts.moving += 1;
      }
      return counts;
    },
    staleTime: 10_000,
  });
