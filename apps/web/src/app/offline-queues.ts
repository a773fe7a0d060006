import type { OfflineQueue } from '../features/offline/start.ts';

/** What was queued offline, sent again in this order: marker completions, then own-pin writes. */
export const offlineQueues: readonly OfflineQueue[] = [
  () => import('../features/offline/replay.ts').then((queue) => queue.replayCompletions()),
  () => import('../features/map/pins/pin-replay.ts').then((queue) => queue.replayPins()),
];
