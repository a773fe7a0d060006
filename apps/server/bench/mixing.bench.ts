/**
 * `npm run bench:mixing`: the best-mix search (the same code the calculator's worker runs) for every
 * product at 4, 6 and 8 ingredients, both objectives, in Node; and one calculator step (a whole mix
 * of 8 ingredients recomputed, as the page does on each change). Writes docs/benchmarks.md "Mixing".
 *
 * For a quick check: `BENCH_PRODUCTS=1` measures only the first product(s), `BENCH_DEPTHS=4,6` other
 * depths; a run made smaller this way never writes the figures.
 */
import { bestMix, compileMixingData, type MixObjective, mix } from '@waypoint/shared/domain/mixing';
import { scheduleOneData } from '@waypoint/shared/schedule-one/data';
import { writeBenchmarkSection } from './update-doc.ts';

const data = compileMixingData(
  scheduleOneData.effects,
  scheduleOneData.ingredients,
  scheduleOneData.products,
);
const depths = (process.env.BENCH_DEPTHS ?? '4,6,8').split(',').map(Number);
const productCount = Number(process.env.BENCH_PRODUCTS ?? data.products.length);
const fullSize = productCount >= data.products.length && depths.join() === '4,6,8';
const objectives: MixObjective[] = ['price', 'profit'];
const rows: string[] = [];
let worst = 0;
console.log(
  `| product | objective | ${depths.map((d) => `≤ ${d}`).join(' | ')} | optimum at ${depths.at(-1)} |`,
);
for (const product of data.products.slice(0, productCount)) {
  for (const objective of objectives) {
    const cells: string[] = [];
    let answer = '';
    for (const maxIngredients of depths) {
      const started = performance.now();
      const result = bestMix(data, { product, maxIngredients, objective });
      const ms = performance.now() - started;
      if (maxIngredients === depths.at(-1)) worst = Math.max(worst, ms);
      cells.push(ms < 10 ? ms.toFixed(1) : String(Math.round(ms)));
      if (maxIngredients === depths.at(-1) && result.best)
        answer = `$${objective === 'price' ? result.best.price : result.best.profit}`;
    }
    const line = `| ${product.name} | ${objective} | ${cells.join(' | ')} | ${answer} |`;
    console.log(line);
    rows.push(line);
  }
}

// One calculator update: the whole 8-step mix recomputed with its per-step views.
const product = data.products[0]!;
const sequence = [0, 3, 5, 7, 9, 11, 13, 15];
const runs = 2000;
const started = performance.now();
for (let k = 0; k < runs; k++) mix(data, product, sequence);
const stepMs = (performance.now() - started) / runs;
console.log(`slowest search at ${depths.at(-1)}: ${Math.round(worst)} ms (goal at 8: ≤ 2,000 ms)`);
console.log(`calculator update (8-step mix): ${(stepMs * 1000).toFixed(1)} µs (goal ≤ 16 ms)`);

const body = `\`npm run bench:mixing\` — the exact best-mix search of \`packages/shared/src/domain/mixing.ts\` (the code the calculator's worker runs) in Node ${process.version} on the 2-core machine, one search at a time. Milliseconds per search for at most 4, 6 and 8 ingredients; the last column is the optimum at 8 (sell price or profit). Goal: ≤ 2,000 ms at 8; slowest here ${Math.round(worst)} ms. A calculator update (an 8-step mix recomputed with every step's effects, price, cost and profit) takes ${(stepMs * 1000).toFixed(1)} µs (goal ≤ 16 ms).

| product | objective | ≤ 4 | ≤ 6 | ≤ 8 | optimum at 8 |
|---|---|---:|---:|---:|---:|
${rows.join('\n')}

Measured ${new Date().toISOString().slice(0, 10)}.`;

if (process.argv.includes('--write')) {
  if (fullSize) writeBenchmarkSection('Mixing', body);
  else console.log('A smaller run (BENCH_PRODUCTS / BENCH_DEPTHS): docs/benchmarks.md left as it is.');
}
