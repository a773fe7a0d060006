import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock.ts';

export interface LeasedWorkerOptions<J> {
  /** Names the work in log lines, e.g. `webhook queue`. */
  name: string;
  log: FastifyBaseLogger;
  clock: Clock;
  /** How often this process looks for due jobs (queued by any process, or whose lease ran out). */
  pollMs: number;
  /** A claim older than this is taken over: its process died or stalled. */
  leaseMs: number;
  /**
   * Claims due jobs for `claim` with a conditional write, so that each goes to one process only;
   * a claim made before `expiredBefore` counts as free. Answers what this call won (none: nothing due).
   */
  claim(claim: string, now: Date, expiredBefore: Date): Promise<J[]>;
  /**
   * Runs what `claim` holds and records each outcome only while it still holds it. Answers false
   * to end this look early (e.g. none of the batch went through). A throw is logged and ends the look;
   * the jobs stay claimed until the lease runs out, then any process tries them again.
   */
  run(jobs: J[], claim: string): Promise<boolean | undefined>;
  /** Renews the claim every third of the lease while `run` works; `lost` when it was taken away. */
  renew?: { run(jobs: J[], claim: string, now: Date): Promise<boolean>; lost(jobs: J[]): void };
  /** Removes what is past keeping: when the worker starts, then every `everyMs`, apart from the looks. */
  prune?: { everyMs: number; run(now: Date): Promise<unknown> };
  /** Hands back what the claims starting with `prefix` hold (on stop), so another process runs it. */
  release(prefix: string, now: Date): Promise<unknown>;
  /** Called first on stop, e.g. to end the running job's child process. */
  interrupt?(): void;
}

/**
 * The loop every queue of background work shares, in each server process: look for due jobs every
 * `pollMs` (and when asked to), claim a batch under a lease, run it, renew the lease while it runs,
 * look again until nothing is due; prune now and then; on stop, wait for the running batch and hand
 * back what this process still holds. One look runs at a time per worker: a look asked for while one
 * runs follows it. Jobs may run twice (a stalled process's lease is taken over) but are never lost.
 */
export function createLeasedWorker<J>(options: LeasedWorkerOptions<J>) {
  const { clock, log, name } = options;
  /** This process's name in claims; each look's claim adds a counter to it. */
  const id = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  let claims = 0;
  let running: Promise<number> | null = null;
  let pruning: Promise<void> | null = null;
  let again = false;
  let started = false;
  let stopped = false;
  const timers: (() => void)[] = [];

  const newClaim = () => `${id}#${++claims}`;
  const at = () => new Date(clock.now());

  /** Claims and runs batches until nothing is due; answers how many jobs it claimed. */
  async function look(): Promise<number> {
    let ran = 0;
    while (!stopped) {
      const now = clock.now();
      const claim = newClaim();
      const jobs = await options.claim(claim, new Date(now), new Date(now - options.leaseMs));
      if (jobs.length === 0) break;
      ran += jobs.length;
      const renew = options.renew;
      const stopRenewing = renew
        ? clock.every(Math.max(50, Math.floor(options.leaseMs / 3)), () =>
            renew
              .run(jobs, claim, at())
              .then((held) => {
                if (!held) renew.lost(jobs);
              })
              .catch((error) => log.warn({ err: error, jobs }, `${name}: could not renew a claim`)),
          )
        : undefined;
      try {
        if ((await options.run(jobs, claim)) === false) break;
      } finally {
        stopRenewing?.();
      }
    }
    return ran;
  }

  /** Looks for due jobs now; answers how many this look claimed, once it is over. */
  function kick(): Promise<number> {
    if (stopped) return Promise.resolve(0);
    if (running) {
      again = true;
      return running;
    }
    again = false;
    running = look()
      .catch((error) => {
        if (!stopped) log.error({ err: error }, `${name} failed`);
        return 0;
      })
      .finally(() => {
        running = null;
        if (again && !stopped) void kick();
      });
    return running;
  }

  /** Resolves once no look runs nor follows (a clock moved by hand waits for this). */
  async function settled(): Promise<void> {
    while (running) await running;
  }

  function prune(): Promise<void> {
    if (!options.prune || stopped) return Promise.resolve();
    pruning ??= options.prune
      .run(at())
      .then(
        () => undefined,
        (error) => {
          if (!stopped) log.warn({ err: error }, `${name}: could not remove what is past keeping`);
        },
      )
      .finally(() => {
        pruning = null;
      });
    return pruning;
  }

  return {
    id,
    /** A claim of this process for work it runs outside the looks (e.g. a test event sent now). */
    newClaim,
    get stopped() {
      return stopped;
    },
    /** Looks for due jobs now and every `pollMs`; prunes now and every `prune.everyMs`. */
    start() {
      if (started || stopped) return;
      started = true;
      timers.push(
        clock.every(Math.max(10, options.pollMs), () => {
          void kick();
          return settled();
        }),
      );
      if (options.prune) timers.push(clock.every(options.prune.everyMs, prune));
      void kick();
      void prune();
    },
    kick,
    /** Resolves once this process runs no job and none is due that it may claim. */
    async whenIdle(): Promise<void> {
      while (!stopped) {
        if (running) {
          await running;
          continue;
        }
        if ((await kick()) === 0 && !running) return;
      }
    },
    /** Stops looking, waits for the running batch (after `interrupt`), then hands back its claims. */
    async stop() {
      stopped = true;
      for (const clear of timers.splice(0)) clear();
      options.interrupt?.();
      await running;
      await pruning;
      await options
        .release(`${id}#`, at())
        .catch((error) => log.warn({ err: error }, `${name}: could not hand back its claims`));
    },
  };
}
