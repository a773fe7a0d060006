import { observeRequests } from '../../api/client.ts';
import { cachedAnswerHeader, reachabilityEvent } from './cached-answer.ts';

/**
 * Whether the app's own requests reach the server. Browsers report `navigator.onLine` loosely (it can
 * say online while every request fails), so the answers themselves are watched: a request that fails
 * on the network, or an answer the service worker took from its caches (`cachedAnswerHeader`), means
 * the page runs offline; an answer from the server means it is back. The process's liveness address
 * (never cached by the worker) is asked once when this code loads (answers before it were not watched)
 * and every few seconds while offline, so the page learns it is back even when nothing else asks.
 * Loaded with the offline note, after the first paint.
 */
let reached = true;
let probeTimer: ReturnType<typeof setInterval> | undefined;

function set(value: boolean) {
  if (value === reached) return;
  reached = value;
  clearInterval(probeTimer);
  if (!value) probeTimer = setInterval(probe, 3000);
  dispatchEvent(new CustomEvent(reachabilityEvent, { detail: value }));
}

/** What a request met: an answer from the server, or none (failed, or taken from the worker's caches). */
function note(answer: Response | undefined) {
  set(answer !== undefined && !answer.headers.has(cachedAnswerHeader));
}

/** Asks the process whether it answers (HEAD: no body to read or leave open). */
function probe() {
  fetch('/healthz', { method: 'HEAD', cache: 'no-store' }).then(note, () => note(undefined));
}

observeRequests(note);
probe();

export const serverReached = () => reached;
