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
}

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
