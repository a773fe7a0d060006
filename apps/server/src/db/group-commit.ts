import type { Db, Executor } from './database.ts';

/** Writes of many requests committed together: one transaction, one commit, each answered after it. */
export interface GroupCommit {
  /**
   * Runs `work` in a transaction it may share with other requests' work queued at the same moment,
   * and resolves once that transaction is committed (so an answer never names a write that could
   * still be lost). When any work of a shared transaction fails, it is rolled back and every work
   * of it runs again in a transaction of its own: only the failing one fails.
   */
  run<T>(work: (trx: Executor) => Promise<T>): Promise<T>;
}

interface Job {
  work: (trx: Executor) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: a write that arrives while a transaction is being committed waits for it, then goes
 * with every other write that waited, in one transaction (at most `maxBatch`). No write waits on a
 * timer: an idle server commits each write at once. SQLite has one writer, so one transaction is in
 * flight; PostgreSQL takes a few at once (its connections commit in parallel).
 */
export function createGroupCommit(
  db: Db,
  options: { maxBatch?: number; maxInFlight?: number } = {},
): GroupCommit {
  const maxBatch = options.maxBatch ?? 200;
  const maxInFlight = options.maxInFlight ?? (db.dialect === 'sqlite' ? 1 : 3);
  const queue: Job[] = [];
  let inFlight = 0;

  const alone = async (job: Job) => {
    try {
      job.resolve(await db.kysely.transaction().execute(job.work));
    } catch (error) {
      job.reject(error);
    }
  };

  async function commit(batch: Job[]) {
    if (batch.length === 1) return alone(batch[0] as Job);
    let results: unknown[];
    try {
      results = await db.kysely.transaction().execute(async (trx) => {
        const out: unknown[] = [];
        for (const job of batch) out.push(await job.work(trx));
        return out;
      });
    } catch {
      // One of them failed and took the others' transaction with it: each again on its own.
      for (const job of batch) await alone(job);
      return;
    }
    batch.forEach((job, i) => {
      job.resolve(results[i]);
    });
  }

  function pump() {
    while (inFlight < maxInFlight && queue.length > 0) {
      inFlight++;
      commit(queue.splice(0, maxBatch)).finally(() => {
        inFlight--;
        pump();
      });
    }
  }

  return {
    run<T>(work: (trx: Executor) => Promise<T>) {
      return new Promise<T>((resolve, reject) => {
        queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
        pump();
      });
    },
  };
}
