/**
 * Set by the service worker on a network-first read it answered from its caches because the network
 * failed or was too slow: the page runs offline (`reachability.ts`). A module of its own: the worker
 * and the page share these names without the cache names.
 */
export const cachedAnswerHeader = 'x-waypoint-cached';

/** Announced on the window when the page finds the server (`detail` true) or loses it (false). */
export const reachabilityEvent = 'waypoint-reachability';
