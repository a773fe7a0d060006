import type { FastifyBaseLogger } from 'fastify';

/** Tasks a queue holds at most; beyond it a task is dropped with a log line (the person asks again). */
const MAX_PENDING = 1000;

export interface MailQueue {
  /** Runs `task` after the current request, behind the tasks queued before it. */
  later(label: string, task: () => Promise<void>): void;
  /** Resolves once every queued task has run. */
  drain(): Promise<void>;
}

/**
 * Work that ends in a mail runs after the request is answered, one task at a time: an answer then
 * takes the same time whether or not a mail goes out (no account enumeration by timing) and never
 * waits for the mail server. A stop waits for the queued tasks; a task lost to a crash is a mail the
 * person asks for again.
 */
export function createMailQueue(log: FastifyBaseLogger): MailQueue {
  let tail = Promise.resolve();
  let pending = 0;
  return {
    later(label, task) {
      if (pending >= MAX_PENDING) {
        log.warn({ label }, 'mail queue full: task dropped');
        return;
      }
      pending += 1;
      tail = tail
        .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
        .then(task)
        .catch((error: unknown) => log.error({ err: error, label }, 'mail task failed'))
        .finally(() => {
          pending -= 1;
        });
    },
    drain: () => tail,
  };
}
