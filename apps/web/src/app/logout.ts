import { messages } from '@waypoint/shared/messages';
import type { NavigateFunction } from 'react-router';
import { clearSession } from '../api/session.ts';
import { toast } from '../components/toast.ts';
import { queryClient } from './query-client.ts';

export function logout(navigate: NavigateFunction) {
  clearSession({ loggingOut: true });
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] === 'user' });
  toast.info(messages.loggedOut);
  navigate('/');
}
