import { useMutation } from '@tanstack/react-query';
import type { TNewSuggestion } from '@waypoint/shared/suggestions/schemas';
import { api } from '../../api/client.ts';

/** `POST /api/suggestion`: the answer's `data` is the new suggestion's id (§7.4). */
export function useAddSuggestion() {
  return useMutation({
    mutationFn: (body: TNewSuggestion) => api.post<{ data: string }>('/suggestion', body),
  });
}
