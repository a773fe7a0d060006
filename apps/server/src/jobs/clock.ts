/**
 * The time the background workers go by: what "now" is and when their periodic work runs. The
 * server runs on the system's; the tests give theirs one they can move forward, so that a wait of
 * minutes (a retry's back-off, a digest's interval, an expired lease) passes at once.
 */
export interface Clock {
  /** Milliseconds since the epoch, as `Date.now()`. */
  now(): number;
  /**
   * Calls `tick` every `ms` until the answered function is called; never keeps the process alive.
   * `tick` may answer a promise of the work it started (a clock moved by hand waits for it).
   */
  every(ms: number, tick: () => unknown): () => void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  every(ms, tick) {
    const timer = setInterval(tick, ms);
    timer.unref();
    return () => clearInterval(timer);
  },
};
