import { cachedAnswerHeader } from '../features/offline/cached-answer.ts';

/**
 * Whether the app's own requests reach the server. Browsers report `navigator.onLine` loosely (it can
 * say online while every request fails), so the answers themselves are watched: a request that fails
 * on the network, or an answer the service worker took from its caches (`cachedAnswerHeader`), means
 * the page runs offline; an answer from the server means it is back. While offline, the process's
 * liveness address (never cached by the worker) is asked every few seconds, so the page learns it is
 * back even when nothing else asks. A change is announced as `reachabilityEvent` on the window.
 */
export const reachabilityEvent = 'waypoint-reachability';
let reached = true;
let probeTimer: ReturnType<typeof setInterval> | undefined;

function set(value: boolean) {
  if (value === reached) return;
  reached = value;
  clearInterval(probeTimer);
  if (!value)
    probeTimer = setInterval(() => observedFetch('/healthz', { cache: 'no-store' }).catch(() => {}), 3000);
  dispatchEvent(new Event(reachabilityEvent));
}

/** A fetch that records whether it reached the server (an abort says nothing about the network). */
export function observedFetch(input: string, init?: RequestInit): Promise<Response> {
  return fetch(input, init).then(
    (res) => {
      set(!res.headers.has(cachedAnswerHeader));
      return res;
    },
    (error) => {
      if (error.name !== 'AbortError') set(false);
      throw error;
    },
  );
}

export const serverReached = () => reached;
