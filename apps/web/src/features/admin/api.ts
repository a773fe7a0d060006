import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { constants } from '@waypoint/shared/constants';
import type { AdminModel } from '@waypoint/shared/models/admin-view';
import type { Paged } from '@waypoint/shared/models/types';
import { api } from '../../api/client.ts';

export type AdminRecord = Record<string, unknown> & { _id: string; images?: Record<string, unknown> };

export interface ListParams {
  where: Record<string, string>;
  filters: Record<string, string>;
  sort: string;
  order: 'asc' | 'desc';
  skip: number;
  limit: number;
}

export const adminKeys = {
  models: () => ['admin', 'models'] as const,
  lists: (model: string) => ['admin', 'list', model] as const,
  list: (model: string, params: ListParams) => ['admin', 'list', model, params] as const,
  record: (model: string, id: string) => ['admin', 'record', model, id] as const,
  imports: (model: string) => ['admin', 'imports', model] as const,
};

/** The registry as the admin panel generates its pages from it. */
export const modelsQuery = () =>
  queryOptions({
    queryKey: adminKeys.models(),
    queryFn: () => api.get<AdminModel[]>('/admin/models'),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useModels() {
  return useQuery(modelsQuery());
}

export function listUrl(path: string, params: ListParams) {
  const q = new URLSearchParams({
    where: JSON.stringify(params.where),
    filters: JSON.stringify(params.filters),
    sort: params.sort,
    order: params.order,
    skip: String(params.skip),
    limit: String(params.limit),
  });
  return `${path}?${q}`;
}

/**
 * The page of an admin list the admin asked for: `page` (from 1) of `constants.adminPageSize` records
 * in `sort` order, equal to `where` and containing `filters`.
 */
export function adminListParams(
  where: Record<string, string>,
  filters: Record<string, string>,
  sort: AdminModel['defaultSort'],
  page: number,
): ListParams {
  return {
    where,
    filters,
    sort: sort.field,
    order: sort.order,
    skip: (page - 1) * constants.adminPageSize,
    limit: constants.adminPageSize,
  };
}

/** One page of an admin list, paged, sorted and filtered by the server. */
export const adminListQuery = (model: string, params: ListParams) =>
  queryOptions({
    queryKey: adminKeys.list(model, params),
    queryFn: () => api.get<Paged<AdminRecord>>(listUrl(`/admin/list/${encodeURIComponent(model)}`, params)),
    // The page's first read finds the prefetched page fresh; a write refreshes the model's lists.
    staleTime: 10_000,
  });

export function useAdminList(model: string, params: ListParams) {
  return useQuery({ ...adminListQuery(model, params), placeholderData: (previous) => previous });
}

/** A record with its child id lists; `null` when it does not exist (the form then creates it). */
export function useRecord(model: string, id: string) {
  return useQuery({
    queryKey: adminKeys.record(model, id),
    queryFn: () =>
      api
        .get<AdminRecord>(`/${encodeURIComponent(model)}/${encodeURIComponent(id)}`)
        .catch((error: { status?: number }) => {
          if (error.status === 404) return null;
          throw error;
        }),
    enabled: Boolean(model && id),
  });
}

/** Refreshes what a write to `model` may have changed: its lists and records. */
export function useRefreshModel() {
  const client = useQueryClient();
  return (model: string) =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['admin', 'list', model] }),
      client.invalidateQueries({ queryKey: ['admin', 'record'] }),
    ]);
}

export const adminApi = {
  create: (model: string, body: Record<string, unknown>) =>
    api.put<AdminRecord>(`/admin/${encodeURIComponent(model)}`, body),
  update: (model: string, id: string, body: Record<string, unknown>) =>
    api.patch<AdminRecord>(`/admin/${encodeURIComponent(model)}/${encodeURIComponent(id)}`, body),
  copy: (model: string, id: string, newId: string) =>
    api.put<AdminRecord>(`/admin/${encodeURIComponent(model)}/copy/${encodeURIComponent(id)}`, {
      _id: newId,
    }),
  remove: (model: string, id: string) =>
    api.delete<AdminRecord>(`/admin/${encodeURIComponent(model)}/${encodeURIComponent(id)}`),
};
