import type { Clock } from '../jobs/clock.ts';

export interface TestClock extends Clock {
  /**
   * Moves the clock `ms` forward at once. Periodic work falling due on the way runs in order of its
   * time (work due within one period of the earliest runs together, as two processes' polls would),
   * and each step waits for the work its ticks started before the next.
   */
  advance(ms: number): Promise<void>;
}

interface Periodic {
  ms: number;
  tick: () => unknown;
  next: number;
}

/**
 * The system's time plus what the test moved it forward by. Periodic work also runs in real time,
 * so an app on this clock behaves as on the system's until a test moves it. Written here rather
 * than taken from @sinonjs/fake-timers: that clock neither waits for the work a tick starts (database
 * and network calls) nor keeps real time running for the parts of the app that are not on the clock.
 */
export function createTestClock(): TestClock {
  let offset = 0;
  const now = () => Date.now() + offset;
  const periodic = new Set<Periodic>();
  return {
    now,
    every(ms, tick) {
      const entry: Periodic = { ms, tick, next: now() + ms };
      const timer = setInterval(() => {
        entry.next = now() + ms;
        void tick();
      }, ms);
      timer.unref();
      periodic.add(entry);
      return () => {
        clearInterval(timer);
        periodic.delete(entry);
      };
    },
    async advance(ms) {
      const target = now() + ms;
      for (;;) {
        const due = [...periodic].filter((p) => p.next <= target);
        if (due.length === 0) break;
        const at = Math.min(...due.map((p) => p.next));
        const period = Math.min(...due.map((p) => p.ms));
        const together = due.filter((p) => p.next < at + period);
        offset = Math.max(offset, at - Date.now());
        for (const p of together) p.next = Math.max(p.next + p.ms, at + 1);
        await Promise.all(together.map((p) => p.tick()));
      }
      offset = Math.max(offset, target - Date.now());
    },
  };
}
