/// <reference lib="webworker" />
/**
 * The best-mix search off the page's thread: the page sends the game's content and the search options,
 * the worker answers progress and then the result. The page cancels by ending the worker.
 */
import { bestMix, reachEffects, type SearchOptions } from '@waypoint/shared/domain/mixing';
import type { MixingContent } from '@waypoint/shared/schedule-one/api';
import { toMixingData } from './mixing-data.ts';

export type WorkerRequest =
  | {
      kind: 'best';
      content: MixingContent;
      productId: string;
      options: Omit<SearchOptions, 'product' | 'onProgress' | 'cancelled'>;
    }
  | {
      kind: 'reach';
      content: MixingContent;
      productId: string;
      target: string[];
      excluded: number[];
    };

export type WorkerAnswer =
  | { kind: 'progress'; share: number }
  | { kind: 'best'; result: ReturnType<typeof bestMix> }
  | { kind: 'reach'; result: ReturnType<typeof reachEffects> }
  | { kind: 'error'; message: string };

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
  postMessage(message: WorkerAnswer): void;
};

scope.onmessage = (event) => {
  const request = event.data;
  try {
    const data = toMixingData(request.content);
    const product = data.products.find((p) => p.id === request.productId);
    if (!product) throw new Error(`Unknown product ${request.productId}`);
    let last = 0;
    const onProgress = (share: number) => {
      // A few dozen updates are enough for a progress bar.
      if (share - last < 0.01 && share < 1) return;
      last = share;
      scope.postMessage({ kind: 'progress', share });
    };
    if (request.kind === 'best') {
      const result = bestMix(data, { ...request.options, product, onProgress });
      scope.postMessage({ kind: 'best', result });
    } else {
      const result = reachEffects(data, product, request.target, {
        excluded: request.excluded,
        onProgress,
      });
      scope.postMessage({ kind: 'reach', result });
    }
  } catch (error) {
    scope.postMessage({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
  }
};
