import { replayPins } from '../pins/pin-replay.ts';
import { replayCompletions } from './replay.ts';

/**
 * Sends what the player did offline: marker completions and own-pin writes. One module for both, so
 * the start-up code holds one deferred import (its address list is part of every page's first load).
 */
export function replayQueues() {
  void replayCompletions();
  void replayPins();
}
