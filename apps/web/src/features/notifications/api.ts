import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  NotificationPage,
  NotificationSettings,
  UnreadCount,
} from '@waypoint/shared/notifications/schemas';
import { api } from '../../api/client.ts';

// Under 'user': a logout drops them with the rest of the player's data.
const keys = {
  all: ['user', 'notifications'] as const,
  unread: ['user', 'notifications', 'unread'] as const,
  list: (limit: number) => ['user', 'notifications', 'list', limit] as const,
  settings: ['user', 'notifications', 'settings'] as const,
};

/** How often an open tab asks for the unread count (and when it comes back into focus). */
const POLL_MS = 60_000;

export function useUnreadCount() {
  return useQuery({
    queryKey: keys.unread,
    queryFn: () => api.get<UnreadCount>('/notifications/unread'),
    refetchInterval: POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 15_000,
  });
}

/** The newest `limit` notifications, read while the list is open. */
export function useNotifications(limit: number, enabled: boolean) {
  const client = useQueryClient();
  return useQuery({
    queryKey: keys.list(limit),
    queryFn: async () => {
      const page = await api.get<NotificationPage>(`/notifications?limit=${limit}`);
      client.setQueryData<UnreadCount>(keys.unread, { unread: page.unread });
      return page;
    },
    enabled,
    staleTime: 0,
  });
}

/**
 * Marks one notification (by id) read, or all up to the newest the list shows (`upTo`); the answer
 * is the new unread count.
 */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (target: string | { upTo: string }) =>
      typeof target === 'string'
        ? api.post<UnreadCount>(`/notifications/${target}/read`)
        : api.post<UnreadCount>('/notifications/read-all', target),
    onSuccess: (answer, target) => {
      client.setQueryData<UnreadCount>(keys.unread, answer);
      client.setQueriesData<NotificationPage>({ queryKey: [...keys.all, 'list'] }, (page) =>
        page
          ? {
              ...page,
              unread: answer.unread,
              data: page.data.map((n) =>
                typeof target === 'string'
                  ? n.id === target
                    ? { ...n, read: true }
                    : n
                  : n.createdAt <= target.upTo
                    ? { ...n, read: true }
                    : n,
              ),
            }
          : page,
      );
    },
  });
}

export function useNotificationSettings() {
  return useQuery({
    queryKey: keys.settings,
    queryFn: () => api.get<NotificationSettings>('/notifications/settings'),
  });
}

export function useSaveNotificationSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: NotificationSettings) =>
      api.put<NotificationSettings>('/notifications/settings', settings),
    onSuccess: (answer) => client.setQueryData(keys.settings, answer),
  });
}
