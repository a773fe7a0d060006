/**
 * `npm run bench:route`: plans routes through seeded random stops (the auto route of the map page)
 * and prints the time per plan and the length against nearest neighbour alone. Sizes come from
 * `ROUTE_BENCH_SIZES` (comma-separated, default 100,500,2000); the figure the map page needs is
 * 500 stops in 200 ms or less. Runs the same code the page's worker runs, on this thread.
 */

import { maxRouteStops, planRoute, routeLength } from '@waypoint/shared/map/route';
import { mulberry32 } from '@waypoint/shared/random';

const sizes = (process.env.ROUTE_BENCH_SIZES ?? `100,500,${maxRouteStops}`)
  .split(',')
  .map((s) => Number(s.trim()))
  .filter((n) => Number.isInteger(n) && n > 0);
const runs = Number(process.env.ROUTE_BENCH_RUNS ?? 5);

/** Nearest neighbour alone, for comparison. */
function nearestNeighbour(xs: Float64Array, ys: Float64Array, start: { x: number; y: number }) {
  const n = xs.length;
  const used = new Uint8Array(n);
  const order: number[] = [];
  let px = start.x;
  let py = start.y;
  for (let k = 0; k < n; k++) {
    let best = -1;
    let bestD = Number.POSITIVE_INFINITY;
    for (let i = 0; i < n; i++) {
      if (used[i]) continue;
      const d = (xs[i] - px) ** 2 + (ys[i] - py) ** 2;
      if (d < bestD) {
        bestD = d;
        best = i;
      }
    }
    used[best] = 1;
    order.push(best);
    px = xs[best];
    py = ys[best];
  }
  return routeLength(xs, ys, start, order);
}

console.log('stops  median ms  max ms  length / nearest neighbour');
for (const n of sizes) {
  const times: number[] = [];
  let ratio = 0;
  for (let run = 0; run < runs; run++) {
    const random = mulberry32(1000 * n + run);
    const xs = Float64Array.from({ length: n }, () => random() * 8192);
    const ys = Float64Array.from({ length: n }, () => random() * -8192);
    const start = { x: 4096, y: -4096 };
    const t0 = performance.now();
    const route = planRoute(xs, ys, start);
    times.push(performance.now() - t0);
    ratio += route.length / nearestNeighbour(xs, ys, start) / runs;
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  console.log(
    `${String(n).padStart(5)}  ${median.toFixed(1).padStart(9)}  ${times[times.length - 1].toFixed(1).padStart(6)}  ${ratio.toFixed(3)}`,
  );
}
