import { getSession } from '../../api/session.ts';
import { reachabilityEvent } from './cached-answer.ts';

/** After the page has loaded (the worker and the queue never compete with the first paint). */
function afterLoad(run: () => void) {
  if (document.readyState === 'complete') setTimeout(run, 0);
  else window.addEventListener('load', () => setTimeout(run, 0), { once: true });
}

function replay() {
  if (getSession()) void import('./replay.ts').then((m) => m.replayQueued());
}

/**
 * Offline support: registers the service worker of a production build (never on the dev server),
 * and sends what was queued offline (marker completions, pin writes) at start and whenever the
 * browser says it is back online or a request reaches the server again.
 */
export function startOffline() {
  afterLoad(() => {
    if (import.meta.env.PROD && 'serviceWorker' in navigator)
      void import('./register.ts').then((m) => m.registerServiceWorker());
    replay();
  });
  window.addEventListener('online', replay);
  window.addEventListener(reachabilityEvent, (event) => {
    if ((event as CustomEvent<boolean>).detail) replay();
  });
}
