import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../random.ts';
import { maxRouteStops, nearestStops, planRoute, type RoutePoint, routeLength } from './route.ts';

/** The shortest path from the start through every stop, by trying every order (n ≤ 8). */
function optimum(xs: number[], ys: number[], start: RoutePoint): number {
  const n = xs.length;
  let best = Number.POSITIVE_INFINITY;
  const order: number[] = [];
  const used = new Array<boolean>(n).fill(false);
  const visit = (length: number, x: number, y: number) => {
    if (length >= best) return;
    if (order.length === n) {
      best = length;
      return;
    }
    for (let i = 0; i < n; i++) {
      if (used[i]) continue;
      used[i] = true;
      order.push(i);
      visit(length + Math.hypot(xs[i] - x, ys[i] - y), xs[i], ys[i]);
      order.pop();
      used[i] = false;
    }
  };
  visit(0, start.x, start.y);
  return best;
}

function randomStops(seed: number, n: number, size = 1000) {
  const random = mulberry32(seed);
  const xs = Array.from({ length: n }, () => random() * size);
  const ys = Array.from({ length: n }, () => random() * size);
  return { xs, ys, start: { x: random() * size, y: random() * size } };
}

/** Each stop exactly once, and the stated length is the path's length. */
function expectValid(
  route: { order: number[]; length: number },
  xs: number[],
  ys: number[],
  start: RoutePoint,
) {
  expect([...route.order].sort((a, b) => a - b)).toEqual(xs.map((_, i) => i));
  expect(route.length).toBeCloseTo(routeLength(xs, ys, start, route.order), 6);
}

describe('the route through what is left', () => {
  it('answers an empty route for no stops and the straight line for one', () => {
    expect(planRoute([], [], { x: 0, y: 0 })).toEqual({ order: [], length: 0 });
    expect(planRoute([3], [4], { x: 0, y: 0 })).toEqual({ order: [0], length: 5 });
  });

  it('visits every stop once and stays within 1.25× the optimum on seeded random sets (n ≤ 8)', () => {
    let worst = 1;
    for (let seed = 1; seed <= 120; seed++) {
      const n = 2 + (seed % 7);
      const { xs, ys, start } = randomStops(seed, n);
      const route = planRoute(xs, ys, start);
      expectValid(route, xs, ys, start);
      const best = optimum(xs, ys, start);
      worst = Math.max(worst, route.length / best);
      expect(route.length, `seed ${seed}, ${n} stops`).toBeLessThanOrEqual(best * 1.25 + 1e-9);
    }
    // The heuristic is usually exact on sets this small.
    expect(worst).toBeLessThan(1.25);
  });

  it('walks the corners of a square and the points of a circle in turn (the optimum)', () => {
    // Square: from just outside one corner, the optimum is three sides.
    const sq = { xs: [0, 100, 100, 0], ys: [0, 0, 100, 100] };
    const squareRoute = planRoute(sq.xs, sq.ys, { x: -10, y: 0 });
    expectValid(squareRoute, sq.xs, sq.ys, { x: -10, y: 0 });
    expect(squareRoute.length).toBeCloseTo(310, 6);

    // Eight points on a circle, given shuffled, started next to one of them.
    const angles = [0, 5, 2, 7, 1, 4, 6, 3].map((k) => (k * Math.PI) / 4);
    const xs = angles.map((a) => 100 * Math.cos(a));
    const ys = angles.map((a) => 100 * Math.sin(a));
    const start = { x: 110, y: 0 };
    const route = planRoute(xs, ys, start);
    expectValid(route, xs, ys, start);
    expect(route.length).toBeLessThanOrEqual(optimum(xs, ys, start) * 1.25);
    expect(route.length).toBeCloseTo(optimum(xs, ys, start), 6);
  });

  it('handles stops on the same spot and on one line', () => {
    const xs = [5, 5, 5, 1, 9, 3];
    const ys = [0, 0, 0, 0, 0, 0];
    const start = { x: 0, y: 0 };
    const route = planRoute(xs, ys, start);
    expectValid(route, xs, ys, start);
    expect(route.length).toBeCloseTo(9, 6);
  });

  it('plans 500 stops visiting each once, shorter than nearest neighbour alone would', () => {
    const { xs, ys, start } = randomStops(42, 500);
    const route = planRoute(xs, ys, start);
    expectValid(route, xs, ys, start);
    // A random 500-point path in a 1000² square is around 0.7·√(n·A) ≈ 15,700 at its best.
    expect(route.length).toBeLessThan(20_000);
  });

  it('keeps the nearest stops to the start when more are left than one route takes', () => {
    const xs = [10, 1, 5, 100];
    const ys = [0, 0, 0, 0];
    expect(nearestStops(xs, ys, { x: 0, y: 0 }, 2).sort()).toEqual([1, 2]);
    expect(nearestStops(xs, ys, { x: 0, y: 0 }, 10)).toEqual([0, 1, 2, 3]);
    expect(maxRouteStops).toBeGreaterThanOrEqual(500);
  });
});
