import L from 'leaflet';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { listMessages } from '../../../i18n/messages/list-messages.ts';
import { MarkerKind, type MarkerStore, Shown } from '../layers/marker-store.ts';
import type { MapController } from '../MapView.tsx';
import type { RouteAnswer, RouteRequest } from './route.worker.ts';
import { routeCasingStyle as casingStyle, routeLineStyle as lineStyle } from './route-style.ts';

export type RouteScope = 'view' | 'map';

/** What a drawn route was asked for: it is planned again with the same stops' area and start. */
interface Plan {
  start: L.LatLng;
  bounds: L.LatLngBounds | undefined;
}

export interface RouteResult {
  stops: number;
  length: number;
  /** Markers left in the area (more than `stops` when the route took only the nearest ones). */
  left: number;
  /** The line drawn: the start, then the stops in order. */
  points: readonly L.LatLng[];
}

/**
 * The auto route: for the shown, not yet found markers in view (or on the whole map), a short path
 * from the map centre or a picked point, planned in a Web Worker, drawn under the markers, and
 * planned again whenever a marker is found or the shown markers change.
 */
export function useAutoRoute({
  store,
  controller,
  visibility,
  completion,
  announce,
}: {
  store: MarkerStore;
  controller: RefObject<MapController | null>;
  visibility: number;
  completion: number;
  announce: (text: string) => void;
}) {
  const [plan, setPlan] = useState<Plan | null>(null);
  const [result, setResult] = useState<RouteResult | null>(null);
  const [computing, setComputing] = useState(false);
  const [picked, setPicked] = useState<L.LatLng | null>(null);
  const [picking, setPicking] = useState(false);
  const worker = useRef<Worker | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);
  const startMark = useRef<L.CircleMarker | null>(null);
  const pickHandler = useRef<((e: L.LeafletMouseEvent) => void) | null>(null);

  const map = () => controller.current?.leaflet();

  const stopWorker = useCallback(() => {
    worker.current?.terminate();
    worker.current = null;
  }, []);

  const removeLine = useCallback(() => {
    layer.current?.remove();
    layer.current = null;
  }, []);

  // The picked start point, shown as a ring on the map.
  useEffect(() => {
    const m = controller.current?.leaflet();
    startMark.current?.remove();
    startMark.current = null;
    if (!m || !picked) return;
    startMark.current = L.circleMarker(picked, {
      radius: 7,
      color: '#ffffff',
      weight: 3,
      fillColor: '#c2410c',
      fillOpacity: 1,
      interactive: false,
      className: 'wp-route-start',
    }).addTo(m);
  }, [picked, controller]);

  useEffect(
    () => () => {
      stopWorker();
      removeLine();
      startMark.current?.remove();
      if (pickHandler.current) controller.current?.leaflet()?.off('click', pickHandler.current);
    },
    [stopWorker, removeLine, controller],
  );

  // Plans (again) whenever the plan, the found markers or the shown markers change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `completion` and `visibility` say the store's flags changed
  useEffect(() => {
    if (!plan) return;
    const m = controller.current?.leaflet();
    if (!m) return;
    const chosen: number[] = [];
    for (let i = 0; i < store.size; i++) {
      if (store.visible[i] !== Shown.Yes || store.completed[i] || store.kind[i] === MarkerKind.Path) continue;
      if (plan.bounds && !plan.bounds.contains(store.latLng(i))) continue;
      chosen.push(i);
    }
    stopWorker();
    if (chosen.length === 0) {
      removeLine();
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
      const points = [plan.start, ...order.map((k) => L.latLng(store.latLng(chosen[k])))];
      removeLine();
      layer.current = L.layerGroup([
        L.polyline(points, casingStyle),
        L.polyline(points, { ...lineStyle, className: 'wp-route' }),
      ]).addTo(m);
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
  }, [plan, store, completion, visibility, controller, stopWorker, removeLine, announce]);

  /** Plans a route through the markers left in view or on the whole map. */
  const run = (scope: RouteScope) => {
    const m = map();
    if (!m) return;
    setPlan({ start: picked ?? m.getCenter(), bounds: scope === 'view' ? m.getBounds() : undefined });
  };

  const clear = () => {
    stopWorker();
    removeLine();
    setPlan(null);
    setResult(null);
    setComputing(false);
    announce(listMessages.routeCleared);
  };

  /** The next click on the map chooses the start; `null` goes back to the map centre. */
  const pickStart = (on: boolean) => {
    const m = map();
    if (!m) return;
    if (pickHandler.current) m.off('click', pickHandler.current);
    pickHandler.current = null;
    if (!on) {
      setPicking(false);
      setPicked(null);
      return;
    }
    setPicking(true);
    const handler = (e: L.LeafletMouseEvent) => {
      m.off('click', handler);
      pickHandler.current = null;
      setPicked(e.latlng);
      setPicking(false);
    };
    pickHandler.current = handler;
    m.on('click', handler);
  };

  return { run, clear, pickStart, picking, picked, result, computing, active: plan !== null };
}
