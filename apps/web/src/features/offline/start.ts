import { getSession } from '../../api/session.ts';
import { reachabilityEvent } from './cached-answer.ts';

/** After the page has loaded (the worker and the queue never compete with the first paint). */
function afterLoad(run: () => void) {
  if (document.readyState === 'complete') setTimeout(run, 0);
  else window.addEventListener('load', () => setTimeout(run, 0), { once: true });
}

/** Sends one kind of work queued offline; its code loads only when it runs. */
export type OfflineQueue = () => Promise<void>;

let queues: readonly OfflineQueue[] = [];

async function replay() {
  if (!getSession()) return;
  for (const send of queues) await send();
}

/**
 * Offline support: registers the service worker of a production build (never on the dev server),
 * and sends what was queued offline (the queues the app names, in order) at start and whenever the
 * browser says it is back online or a request reaches the server again.
 */
export function startOffline(queued: readonly OfflineQueue[]) {
  queues = queued;
  afterLoad(() => {
    if (import.meta.env.PROD && 'serviceWorker' in navigator)
      void import('./register.ts').then((m) => m.registerServiceWorker());
    void replay();
  });
  window.addEventListener('online', () => void replay());
  window.addEventListener(reachabilityEvent, (event) => {
    if ((event as CustomEvent<boolean>).detail) void replay();
  });
}
