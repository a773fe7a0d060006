/// <reference lib="webworker" />
/**
 * Plans the auto route off the page's thread: the page sends the stops' coordinates and the start,
 * the worker answers the visiting order (indices into what it was sent) and the route's length.
 */
import { maxRouteStops, nearestStops, planRoute } from '@waypoint/shared/map/route';

export interface RouteRequest {
  xs: Float64Array;
  ys: Float64Array;
  start: { x: number; y: number };
}

export interface RouteAnswer {
  order: number[];
  length: number;
  /** Stops left before the route took only the nearest ones. */
  left: number;
}

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<RouteRequest>) => void) | null;
  postMessage(message: RouteAnswer): void;
};

scope.onmessage = (event) => {
  const { xs, ys, start } = event.data;
  const chosen = nearestStops(xs, ys, start, maxRouteStops);
  const route = planRoute(
    chosen.map((i) => xs[i]),
    chosen.map((i) => ys[i]),
    start,
  );
  scope.postMessage({ order: route.order.map((k) => chosen[k]), length: route.length, left: xs.length });
};
