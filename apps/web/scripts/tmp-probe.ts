import { writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../../../scripts/chromium.mjs';
import { startServerProcess } from '../../server/bench/server-process.ts';

const port = 3999;
const base = `http://127.0.0.1:${port}`;
const mapId = process.env.MAP ?? 'bench_map_5k';
const rate = Number(process.env.RATE ?? 1);
const server = await startServerProcess({ dataDir: '/tmp/benchmap', port, env: { SEED_DEMO: 'false' } });
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const phone = rate > 1;
  const context = await browser.newContext(phone ? { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3 } : { viewport: { width: 1280, height: 800 } });
  await context.addInitScript(() => localStorage.setItem('waypoint-consent', JSON.stringify({ necessary: true, analytics: false, advertising: false, decidedAt: '2026-01-01' })));
  const ids = [...Array.from({ length: 20 }, (_, i) => `bench_def_${i}`), 'bench_zone'];
  const url = `${base}/game/bench_game/maps/${mapId}?markerDefinitions=${ids.join(',')}`;
  for (let v = 0; v < 3; v++) {
    const page = await context.newPage();
    if (rate > 1) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate });
    const last = v === 2;
    if (last) await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'v8.execute', 'disabled-by-default-v8.cpu_profiler'] });
    await page.goto(url);
    await page.waitForFunction(() => Number(document.querySelector('canvas.wp-marker-canvas')?.getAttribute('data-drawn-at') ?? 0) > 0, null, { timeout: 60000 });
    await page.waitForTimeout(500);
    const marks = await page.evaluate(() => ({
      asked: performance.getEntriesByName('waypoint:marker-answer')[0]?.startTime,
      store: performance.getEntriesByName('waypoint:marker-data')[0]?.startTime,
      drawn: Number(document.querySelector('canvas.wp-marker-canvas')?.getAttribute('data-drawn-at')),
      res: performance.getEntriesByType('resource').filter((e) => e.name.includes('/markers')).map((e) => [e.name.slice(-30), Math.round(e.startTime), Math.round((e as PerformanceResourceTiming).responseEnd), (e as PerformanceResourceTiming).initiatorType]),
    }));
    console.log(JSON.stringify(marks));
    if (last) writeFileSync('/tmp/load.json', await browser.stopTracing());
    await page.close();
  }
} finally {
  await browser.close();
  server.kill();
}
