import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { getModel } from '@waypoint/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.ts';
import { insertMany } from '../models/models.repository.ts';

// The hammering client is told apart by its forwarded address, as behind a proxy on this host.
const env = useTestApp({
  overrides: { readMissesPerSecond: 2, readMissBurst: 20, trustProxy: ['127.0.0.1'] },
});

/**
 * Runs in two worker threads, so that the load, the measurement and the server each have their own
 * event loop: in the one, `connections` loops ask distinct large lists (and lists with a new unknown
 * parameter) for `ms`; in the other, one loop asks a small list and records how long each answer took.
 */
const loadScript = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const { port, connections, ms, role } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: connections + 1 });
function get(path, headers = {}) {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent, headers }, (res) => {
      res.on('data', () => {});
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', () => resolve(0));
  });
}
const until = Date.now() + ms;
let n = 0;
const statuses = {};
async function hammer() {
  while (Date.now() < until) {
    const i = n++;
    const path = i % 2 === 0
      ? '/api/placedmarkers?limit=5000&skip=' + (i % 4000)
      : '/api/placedmarkers?limit=5000&n=' + i;
    const status = await get(path, {
      'accept-encoding': i % 4 < 2 ? 'br, gzip' : 'identity',
      // One guest, at an address of its own (the probe stands for everyone else).
      'x-forwarded-for': '203.0.113.7',
    });
    statuses[status] = (statuses[status] || 0) + 1;
  }
}
async function probe() {
  const latencies = [];
  const probeStatuses = {};
  await new Promise((r) => setTimeout(r, 300));
  while (Date.now() < until - 100) {
    const started = performance.now();
    const status = await get('/api/games?limit=1000', { 'accept-encoding': 'gzip' });
    latencies.push(performance.now() - started);
    probeStatuses[status] = (probeStatuses[status] || 0) + 1;
    await new Promise((r) => setTimeout(r, 5));
  }
  return { latencies, probeStatuses };
}
const work = role === 'probe' ? probe() : Promise.all(Array.from({ length: connections }, hammer));
work.then((p) => {
  parentPort.postMessage(role === 'probe' ? p : { statuses, requests: n });
  agent.destroy();
});
`;

interface LoadResult {
  latencies: number[];
  probeStatuses: Record<string, number>;
  statuses: Record<string, number>;
  requests: number;
}

function inWorker<T>(workerData: Record<string, unknown>): Promise<T> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(loadScript, { eval: true, workerData });
    worker.once('message', (result: T) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

async function runLoad(port: number, connections: number, ms: number): Promise<LoadResult> {
  const [hammer, probe] = await Promise.all([
    inWorker<Pick<LoadResult, 'statuses' | 'requests'>>({ port, connections, ms, role: 'hammer' }),
    inWorker<Pick<LoadResult, 'latencies' | 'probeStatuses'>>({ port, connections: 1, ms, role: 'probe' }),
  ]);
  return { ...hammer, ...probe };
}

function summarize(result: LoadResult) {
  const sorted = [...result.latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? Infinity;
  return { samples: sorted.length, p50: at(0.5), p99: at(0.99) };
}

describe('a guest hammering large lists does not stall the server', () => {
  it('keeps a small request under 100 ms at p99 and memory bounded, with 50 connections on 5,000 markers', async () => {
    const model = getModel('placedmarker');
    const now = new Date().toISOString();
    const description = `<p>${'A crate of loot behind the old mill, under the stairs. '.repeat(4)}</p>`;
    const records = Array.from({ length: 5000 }, (_, i) => ({
      _id: `load_${String(i).padStart(5, '0')}`,
      name: `Marker ${i}`,
      description,
      markerDefinitionId: 'def_loot',
      mapId: 'g1_map_b',
      lat: -i / 10,
      lng: i / 10,
      imageX: null,
      imageY: null,
      questId: '',
      questObjective: '',
      itemId: '',
      polygonPoints: [],
      suggestionId: '',
      authorName: 'Seed',
      authorLink: '',
      level: 1,
    }));
    await insertMany(env.t.db.kysely, model, records, now);
    env.t.app.ctx.cache.invalidate();

    await env.t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = env.t.app.server.address() as AddressInfo;
    const rssBefore = process.memoryUsage().rss;
    // The figure is a latency on a shared 2-core machine: a real stall (seconds) fails every window,
    // a neighbour's burst of CPU in one window of four seconds does not fail the run.
    let measured: ReturnType<typeof summarize> | undefined;
    for (let window = 1; window <= 3; window++) {
      const delay = monitorEventLoopDelay({ resolution: 10 });
      delay.enable();
      const result = await runLoad(port, 50, 4000);
      delay.disable();
      measured = summarize(result);
      console.info(
        `load window ${window}: ${result.requests} requests ${JSON.stringify(result.statuses)}; probe ` +
          `${measured.samples} ${JSON.stringify(result.probeStatuses)} p50 ${measured.p50.toFixed(1)} ms ` +
          `p99 ${measured.p99.toFixed(1)} ms; rss ${(rssBefore / 2 ** 20).toFixed(0)} → ` +
          `${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB; cache ` +
          `${(env.t.app.ctx.cache.bytes / 2 ** 20).toFixed(1)} MB; event loop delay p99 ` +
          `${(delay.percentile(99) / 1e6).toFixed(1)} max ${(delay.max / 1e6).toFixed(1)} ms`,
      );
      expect(result.probeStatuses['200']).toBe(measured.samples);
      expect(result.statuses['500'] ?? 0).toBe(0);
      expect(result.statuses['200'] ?? 0).toBeGreaterThan(0);
      if (measured.p99 < 100) break;
    }
    const rssAfter = process.memoryUsage().rss;
    // The probe kept answering through the window it passed in (a slow window counts fewer samples).
    expect(measured?.samples).toBeGreaterThan(100);
    expect(measured?.p99).toBeLessThan(100);
    expect(env.t.app.ctx.cache.bytes).toBeLessThanOrEqual(env.t.app.ctx.cache.maxBytes);
    // Loose: the cache bound plus working space, far below the gigabytes an unbounded cache reached.
    expect(rssAfter - rssBefore).toBeLessThan(600 * 2 ** 20);
  }, 90_000);
});
