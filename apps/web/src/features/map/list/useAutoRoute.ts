import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { listMessages } from '../../../i18n/messages/list-messages.ts';
import { type FlagsState, MarkerKind, type MarkerStore, Shown } from '../layers/marker-store.ts';
import type { MapController } from '../map-input.ts';
import { inBounds, type MapViewState, type MapViewStore } from '../view-store.ts';
import type { RouteAnswer, RouteRequest } from './route.worker.ts';
import { type Place, RouteOverlay } from './route-overlay.ts';

export type RouteScope = 'view' | 'map';

/** What a drawn route was asked for: it is planned again with the same stops' area and start. */
interface Plan {
  start: Place;
  bounds: MapViewState['bounds'] | undefined;
}

export interface RouteResult {
  stops: number;
  length: number;
  /** Markers left in the area (more than `stops` when the route took only the nearest ones). */
  left: number;
  /** The line drawn: the start, then the stops in order. */
  points: readonly Place[];
}

/**
 * The auto route: for the shown, not yet found markers in view (or on the whole map), a short path
 * from the map centre or a picked point, planned in a Web Worker, drawn under the markers, and
 * planned again whenever a marker is found or the shown markers change.
 */
export function useAutoRoute({
  store,
  controller,
  views,
  visibility,
  completion,
  announce,
}: {
  store: MarkerStore;
  controller: RefObject<MapController | null>;
  views: MapViewStore;
  visibility: FlagsState;
  completion: FlagsState;
  announce: (text: string) => void;
}) {
  const [plan, setPlan] = useState<Plan | null>(null);
  const [result, setResult] = useState<RouteResult | null>(null);
  const [computing, setComputing] = useState(false);
  const [picked, setPicked] = useState<Place | null>(null);
  const [picking, setPicking] = useState(false);
  const worker = useRef<Worker | null>(null);
  const [overlay] = useState(() => new RouteOverlay());

  const stopWorker = useCallback(() => {
    worker.current?.terminate();
    worker.current = null;
  }, []);

  // The route is on the map while the list is on the page.
  useEffect(() => controller.current?.host(overlay), [controller, overlay]);
  useEffect(() => stopWorker, [stopWorker]);

  // The line and the picked start point, drawn on the map.
  useEffect(() => {
    overlay.set({ line: result?.points, start: picked ?? undefined });
  }, [overlay, result, picked]);

  // Plans (again) whenever the plan, the found markers or the shown markers change.
  useEffect(() => {
    if (!plan) return;
    const shown = visibility.flags;
    const found = completion.flags;
    const chosen: number[] = [];
    for (let i = 0; i < store.size; i++) {
      if (shown[i] !== Shown.Yes || found[i] || store.kind[i] === MarkerKind.Path) continue;
      const [lat, lng] = store.latLng(i);
      if (plan.bounds && !inBounds(plan.bounds, lat, lng)) continue;
      chosen.push(i);
    }
    stopWorker();
    if (chosen.length === 0) {
      setComputing(false);
      setResult({ stops: 0, length: 0, left: 0, points: [] });
      announce(listMessages.routeNothingLeft);
      return;
    }
    const request: RouteRequest = {
      xs: Float64Array.from(chosen, (i) => store.latLng(i)[1]),
      ys: Float64Array.from(chosen, (i) => store.latLng(i)[0]),
      start: { x: plan.start.lng, y: plan.start.lat },
    };
    const w = new Worker(new URL('./route.worker.ts', import.meta.url), { type: 'module' });
    worker.current = w;
    setComputing(true);
    w.onmessage = (event: MessageEvent<RouteAnswer>) => {
      if (worker.current !== w) return;
      stopWorker();
      const { order, length, left } = event.data;
      const points = [
        plan.start,
        ...order.map((k) => {
          const [lat, lng] = store.latLng(chosen[k]);
          return { lat, lng };
        }),
      ];
      setComputing(false);
      setResult({ stops: order.length, length, left, points });
      announce(listMessages.routeAnnounce(order.length, length));
    };
    w.onerror = () => {
      if (worker.current !== w) return;
      stopWorker();
      setComputing(false);
    };
    w.postMessage(request, [request.xs.buffer, request.ys.buffer]);
  }, [plan, store, visibility, completion, stopWorker, announce]);

  /** Plans a route through the markers left in view or on the whole map. */
  const run = (scope: RouteScope) => {
    const view = views.get();
    if (!view) return;
    setPlan({ start: picked ?? view.centre, bounds: scope === 'view' ? view.bounds : undefined });
  };

  const clear = () => {
    stopWorker();
    setPlan(null);
    setResult(null);
    setComputing(false);
    announce(listMessages.routeCleared);
  };

  /** The next click on the map chooses the start; `false` goes back to the map centre. */
  const pickStart = (on: boolean) => {
    overlay.cancelPick();
    if (!on) {
      setPicking(false);
      setPicked(null);
      return;
    }
    const waiting = overlay.pickStart((at) => {
      setPicked(at);
      setPicking(false);
    });
    if (waiting) setPicking(true);
  };

  return { run, clear, pickStart, picking, picked, result, computing, active: plan !== null };
}
