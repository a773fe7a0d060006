import type { LiveEventKind } from '@waypoint/shared/live/events';
import { useEffect, useRef } from 'react';
import type { LiveHandler } from './live-client.ts';

export type LiveHandlers = { [K in LiveEventKind]?: LiveHandler<K> };

/** A page's handler, called with its kind's data (the kinds are paired by `LiveHandlers`). */
type AnyHandler = (data: unknown, userId: string | undefined) => void;

/**
 * Keeps the tab's live stream open while the calling page is shown, following `gameId`'s content,
 * and hands the page's events of each kind to `handlers` (the latest ones given). The client's code
 * loads only here, after the page's first render, so pages without it carry none of it.
 */
export function useLiveUpdates(gameId: string | undefined, handlers: LiveHandlers) {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    let release: (() => void)[] = [];
    let cancelled = false;
    void import('./connection.ts').then(({ liveClient }) => {
      if (cancelled) return;
      const kinds = Object.keys(latest.current) as LiveEventKind[];
      release = [
        ...kinds.map((kind) =>
          liveClient.on(kind, (data: unknown, userId) =>
            (latest.current[kind] as AnyHandler | undefined)?.(data, userId),
          ),
        ),
        liveClient.acquire(gameId),
      ];
    });
    return () => {
      cancelled = true;
      for (const off of release) off();
    };
  }, [gameId]);
}
