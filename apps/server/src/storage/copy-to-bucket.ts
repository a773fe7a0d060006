import { createLocalStore } from './local-store.ts';
import type { ObjectInfo, ObjectStore } from './store.ts';

export interface CopySummary {
  /** Objects found under the source folders. */
  found: number;
  copied: number;
  /** Already in the target with the same size (an earlier, interrupted run copied them). */
  skipped: number;
  bytesCopied: number;
  /** Keys that could not be copied or whose size in the target differs afterwards, with why. */
  failed: { key: string; reason: string }[];
}

/**
 * Copies the stored files of a DATA_DIR (`folders`, e.g. uploads, thumbs, mapTiles) into another
 * store, a bucket. Resumable: an object the target already holds with the same size is skipped, so
 * running it again after an interruption copies only the rest. Every copied object's size is read
 * back from the target and compared. Runs `parallel` copies at a time.
 */
export async function copyStoredFiles(options: {
  dataDir: string;
  target: ObjectStore;
  folders: readonly string[];
  parallel?: number;
  progress?: (done: number, summary: CopySummary) => void;
}): Promise<CopySummary> {
  const source = createLocalStore(options.dataDir);
  const summary: CopySummary = { found: 0, copied: 0, skipped: 0, bytesCopied: 0, failed: [] };
  async function* all(): AsyncGenerator<ObjectInfo> {
    for (const folder of options.folders) yield* source.list(folder);
  }
  const queue = all();
  const copyOne = async (info: ObjectInfo) => {
    const present = await options.target.head(info.key);
    if (present && present.size === info.size) {
      summary.skipped++;
      return;
    }
    const object = await source.get(info.key);
    // Removed since it was listed: nothing to copy.
    if (!object) return;
    const chunks: Buffer[] = [];
    for await (const chunk of object.body) chunks.push(chunk as Buffer);
    const data = Buffer.concat(chunks);
    await options.target.put(info.key, data);
    const stored = await options.target.head(info.key);
    if (stored?.size !== data.length) {
      summary.failed.push({
        key: info.key,
        reason: `size in the target is ${stored?.size ?? 'missing'}, the file has ${data.length} bytes`,
      });
      return;
    }
    summary.copied++;
    summary.bytesCopied += data.length;
  };
  const worker = async () => {
    for (;;) {
      const next = await queue.next();
      if (next.done) return;
      summary.found++;
      try {
        await copyOne(next.value);
      } catch (error) {
        summary.failed.push({
          key: next.value.key,
          reason: error instanceof Error ? error.message : String(error),
        });
      }
      options.progress?.(summary.found, summary);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.parallel ?? 8) }, worker));
  return summary;
}
