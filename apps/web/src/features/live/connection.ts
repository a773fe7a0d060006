import { live } from '@waypoint/shared/live/events';
import type { LiveTicket } from '@waypoint/shared/live/schemas';
import { api } from '../../api/client.ts';
import { getSession, subscribe } from '../../api/session.ts';
import { config } from '../../app/config.ts';
import { queryClient } from '../../app/query-client.ts';
import { LiveClient } from './live-client.ts';

/** The tab's one live client, on the browser's EventSource and the page's session. */
export const liveClient = new LiveClient({
  apiBase: config.apiBase,
  userId: () => getSession()?.id,
  ticket: async () => (await api.post<LiveTicket>(live.ticketPath)).ticket,
  onVisibility(listener) {
    document.addEventListener('visibilitychange', listener);
    return () => document.removeEventListener('visibilitychange', listener);
  },
  hidden: () => document.visibilityState === 'hidden',
  onSession: (listener) => {
    const off = subscribe(listener);
    return () => void off();
  },
  createEventSource: (url) => new EventSource(url),
  setTimeout: (run, ms) => window.setTimeout(run, ms),
  clearTimeout: (timer) => window.clearTimeout(timer as number),
  random: Math.random,
});

// What every page with the stream applies the same way: the bell, and a reset after missed events.
liveClient.on('notification', () => {
  void queryClient.invalidateQueries({ queryKey: ['user', 'notifications'] });
});
liveClient.on('reset', () => {
  void queryClient.invalidateQueries();
});
