import fs from 'node:fs/promises';
import path from 'node:path';
import { contentTypes } from '../../media/sniff.ts';
import { filesBelow } from '../../media/tiles.ts';
import type { ObjectStore } from '../../storage/index.ts';

/** A tile of a pyramid folder: `{z}/{x}/{y}.png` or `.webp`. */
const tileName = /^\d+\/\d+\/\d+\.(png|webp)$/;

export interface PyramidUploadOptions {
  /** Tiles stored at once (each one's bytes are in memory only while it is being stored). */
  concurrency: number;
  /** How often the folder is looked at for new tiles while it is being cut, ms. */
  pollMs?: number;
  /** Called after each tile is stored. */
  onStored?: () => void;
  /** Called once, at the first tile that could not be stored (e.g. to stop the cutting). */
  onFailure?: (error: unknown) => void;
}

/**
 * Stores a tile pyramid while it is being cut: every tile that appears in `dir` (`{z}/{x}/{y}.ext`,
 * whole files only, as `cutTiles` moves them in) is stored under `prefix` with one PUT of its bytes,
 * a bounded number at a time, so storing overlaps the cutting instead of following it. Tiles waiting
 * to be stored are names only: memory holds at most `concurrency` tiles, however far the cutting is
 * ahead. `finish()` once the cut is over stores the rest; `abort()` stops. Nothing is published
 * here: the caller names the version in the database once `finish()` has answered.
 */
export function uploadPyramidWhileCut(
  store: ObjectStore,
  dir: string,
  prefix: string,
  options: PyramidUploadOptions,
) {
  const pollMs = options.pollMs ?? 250;
  const seen = new Set<string>();
  const waiting: string[] = [];
  const inFlight = new Set<Promise<void>>();
  let failure: { error: unknown } | undefined;
  let ended = false;
  let attempted = 0;
  let stored = 0;
  let wake: (() => void) | undefined;

  function pump() {
    while (!ended && !failure && inFlight.size < options.concurrency && waiting.length > 0) {
      const rel = waiting.shift() as string;
      attempted++;
      const task = storeTile(rel)
        .then(() => {
          stored++;
          options.onStored?.();
        })
        .catch((error: unknown) => {
          if (failure) return;
          failure = { error };
          options.onFailure?.(error);
        })
        .finally(() => {
          inFlight.delete(task);
          pump();
        });
      inFlight.add(task);
    }
  }

  async function storeTile(rel: string) {
    const data = await fs.readFile(path.join(dir, ...rel.split('/')));
    await store.put(`${prefix}/${rel}`, data, contentTypes[path.extname(rel).slice(1)]);
  }

  /** Queues the tiles in `dir` not seen before. */
  async function look() {
    for (const rel of await filesBelow(dir)) {
      if (seen.has(rel) || !tileName.test(rel)) continue;
      seen.add(rel);
      waiting.push(rel);
    }
    pump();
  }

  let looking = true;
  const poll = (async () => {
    while (looking && !ended && !failure) {
      await look();
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  })();
  // A failed look is answered by finish(); until then it must not count as unhandled.
  poll.catch(() => {});

  async function stopLooking() {
    looking = false;
    wake?.();
    await poll;
  }

  /** Waits until no store is under way (each settles: a failure never leaves a write behind). */
  async function settle() {
    while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
  }

  return {
    /** Tiles whose storing was started (stored, failed or under way). */
    get attempted() {
      return attempted;
    },
    get stored() {
      return stored;
    },
    /** The first failure, if a tile could not be stored. */
    get failure(): unknown {
      return failure?.error;
    },

    /**
     * The cut is over: stores the tiles not stored yet and answers how many tiles are stored, once
     * every one is; throws the first failure after every write under way has settled.
     */
    async finish(): Promise<number> {
      await stopLooking();
      if (!failure) await look();
      for (;;) {
        await settle();
        if (failure) throw failure.error;
        if (waiting.length === 0 && inFlight.size === 0) return stored;
        pump();
      }
    },

    /** Stops: nothing more is started, and every write under way has settled when this answers. */
    async abort(): Promise<void> {
      ended = true;
      waiting.length = 0;
      await stopLooking().catch(() => {});
      await settle();
    },
  };
}

export type PyramidUpload = ReturnType<typeof uploadPyramidWhileCut>;
