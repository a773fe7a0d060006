import { config } from '../app/config.ts';
import { cachedAnswerHeader } from '../features/offline/cache-names.ts';

/**
 * Whether the app's own requests reach the server. Browsers report `navigator.onLine` loosely (it can
 * say online while every request fails), so the answers themselves are watched: a request that fails
 * on the network, or an answer the service worker took from its caches (`cachedAnswerHeader`), means
 * the page runs offline; an answer from the server means it is back. While offline, the server is asked
 * now and then (and when the browser says it is online again), so the page learns it is back even when
 * nothing else asks.
 */
let reached = true;
const listeners = new Set<() => void>();
const probeEveryMs = 3_000;
let probeTimer: ReturnType<typeof setInterval> | undefined;

function set(value: boolean) {
  if (value === reached) return;
  reached = value;
  if (value) {
    clearInterval(probeTimer);
    probeTimer = undefined;
  } else {
    probeTimer ??= setInterval(probe, probeEveryMs);
  }
  for (const listener of listeners) listener();
}

/** The process's own liveness answer, never cached by the worker (it asks the network directly). */
function probe() {
  const url = new URL('/healthz', new URL(config.apiBase, location.href));
  fetch(url, { cache: 'no-store' }).then(
    (res) => set(!res.headers.has(cachedAnswerHeader)),
    () => set(false),
  );
}

/** Records what an answer says about the connection. */
export function noteAnswer(res: Response) {
  set(!res.headers.has(cachedAnswerHeader));
}

/** A fetch that records whether it reached the server (an abort says nothing about the network). */
export async function observedFetch(input: string, init?: RequestInit): Promise<Response> {
  try {
    const res = await fetch(input, init);
    noteAnswer(res);
    return res;
  } catch (error) {
    if (!(error instanceof DOMException && error.name === 'AbortError')) set(false);
    throw error;
  }
}

export function serverReached(): boolean {
  return reached;
}

/** Subscribes to changes of `serverReached`; the browser's own `online` event asks the server at once. */
export function onReachabilityChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    if (!reached) probe();
  });
}
