import type { QueryClient } from '@tanstack/react-query';
import { topLevelModels } from '@waypoint/shared/models/admin-view';
import { adminListParams, adminListQuery, modelsQuery } from './api.ts';
import { defaultReviewModel, firstStagedPage, stagedQuery } from './import-review-queries.ts';

/**
 * The admin home's first requests, started while the page's code is still loading: the registry's
 * description, then the first page of each list the home page shows (which lists, and in which order,
 * the description says). The page's own queries then find them under the same keys.
 */
export async function prefetchAdminHome(client: QueryClient): Promise<unknown> {
  const models = await client.fetchQuery(modelsQuery());
  return Promise.all(
    topLevelModels(models).map((model) =>
      client.prefetchQuery(adminListQuery(model.key, adminListParams({}, {}, model.defaultSort, 1))),
    ),
  );
}

/**
 * The import review's first requests (the registry's description and the first page of the reviewed
 * model's staged records), side by side, while the page's code is still loading.
 */
export function prefetchImportReview(client: QueryClient, search: URLSearchParams): Promise<unknown> {
  return Promise.all([
    client.prefetchQuery(modelsQuery()),
    client.prefetchQuery(stagedQuery(search.get('model') ?? defaultReviewModel, firstStagedPage)),
  ]);
}
