import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { progressFormat, progressVersion } from '@waypoint/shared/progress/portable';
import { describe, expect, it } from 'vitest';
import { createUser, useTestApp } from '../../test/test-app.ts';

const env = useTestApp({ overrides: { progressImportRateLimit: 100_000 } });

/**
 * Runs in worker threads, so the attacker, the probe and the server each have their own event loop:
 * the attacker posts a large made-up import preview again and again on one connection; the probe asks
 * a guest's cached game list and records how long each answer took.
 */
const loadScript = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const { port, ms, role, body, auth } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
function request(method, path, headers, payload) {
  return new Promise((resolve) => {
    const req = http.request({ host: '127.0.0.1', port, path, method, agent, headers }, (res) => {
      res.on('data', () => {});
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', () => resolve(0));
    req.end(payload);
  });
}
const until = Date.now() + ms;
async function attack() {
  const statuses = {};
  while (Date.now() < until) {
    const status = await request('POST', '/api/user/progress/import',
      { 'content-type': 'application/json', authorization: auth }, body);
    statuses[status] = (statuses[status] || 0) + 1;
  }
  return { statuses };
}
async function probe() {
  const latencies = [];
  await request('GET', '/api/games', {});
  await new Promise((r) => setTimeout(r, 300));
  while (Date.now() < until - 100) {
    const started = performance.now();
    await request('GET', '/api/games', {});
    latencies.push(performance.now() - started);
    await new Promise((r) => setTimeout(r, 10));
  }
  return { latencies };
}
(role === 'probe' ? probe() : attack()).then((result) => {
  parentPort.postMessage(result);
  agent.destroy();
});
`;

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

describe('a large made-up progress import does not stall the server', () => {
  it('keeps a guest’s cached game list fast while one user posts a full-size file of made-up ids', async () => {
    const user = await createUser(env.t);
    const body = JSON.stringify({
      mode: 'merge',
      preview: true,
      file: {
        format: progressFormat,
        version: progressVersion,
        games: [
          {
            gameId: 'g1',
            completedMarkers: Array.from(
              { length: 80_000 },
              (_, i) => `made_up_marker_${i}_xxxxxxxxxxxxxxxx`,
            ),
            completedQuests: Array.from(
              { length: 10_000 },
              (_, i) => `made_up_quest_${i}_xxxxxxxxxxxxxxxxxx`,
            ),
          },
        ],
      },
    });
    await env.t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = env.t.app.server.address() as AddressInfo;
    const ms = 6000;
    const [attack, probe] = await Promise.all([
      inWorker<{ statuses: Record<string, number> }>({
        port,
        ms,
        role: 'attack',
        body,
        auth: user.auth.authorization,
      }),
      inWorker<{ latencies: number[] }>({ port, ms, role: 'probe' }),
    ]);
    const sorted = [...probe.latencies].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] ?? Infinity;
    console.info(
      `import attack ${body.length} bytes: ${JSON.stringify(attack.statuses)}; probe ${sorted.length} ` +
        `samples, median ${median.toFixed(1)} ms, p90 ${(sorted[Math.floor(sorted.length * 0.9)] ?? 0).toFixed(1)} ms, max ${(sorted.at(-1) ?? 0).toFixed(1)} ms`,
    );
    const p90 = sorted[Math.floor(sorted.length * 0.9)] ?? Infinity;
    expect(attack.statuses['200']).toBeGreaterThan(0);
    // Unattacked the answer takes a few ms; an import that held the event loop made it seconds.
    // Generous bounds for a busy 2-core machine.
    expect(sorted.length).toBeGreaterThan(50);
    expect(median).toBeLessThan(100);
    expect(p90).toBeLessThan(400);
  }, 60_000);
});
