import type { NavigateFunction } from 'react-router';
import { api } from '../api/client.ts';
import { clearSession } from '../api/session.ts';
import { toast } from '../components/toast.ts';
import { cacheNames } from '../features/offline/cache-names.ts';
import { messages } from '../i18n/messages/messages.ts';
import { queryClient } from './query-client.ts';

export function logout(navigate: NavigateFunction) {
  // Ends the session on the server too, so the token stops working even where it was copied.
  // Best effort: the request takes the token now, and the browser forgets it either way.
  api.post('/users/logout').catch(() => {});
  clearSession({ loggingOut: true });
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] === 'user' });
  // The player's progress kept for offline use leaves with them (queued ticks wait for their next login).
  if ('caches' in window) void caches.delete(cacheNames.progress).catch(() => {});
  toast.info(messages.loggedOut);
  navigate('/');
}
