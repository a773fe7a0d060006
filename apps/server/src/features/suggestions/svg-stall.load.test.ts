import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, useTestApp } from '../../test/test-app.ts';

const env = useTestApp({ overrides: { allowLoopbackFetch: true } });

/**
 * A 4000² SVG whose filter is hidden from a pattern match: declared under a prefix with a dot, and
 * applied through a CSS escape. Drawn, the turbulence and blur take minutes of CPU.
 */
const filterSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" xmlns:a.b="http://www.w3.org/2000/svg" width="4000" height="4000">' +
  '<a.b:filter id="f"><a.b:feTurbulence baseFrequency="0.9" numOctaves="10"/>' +
  '<a.b:feGaussianBlur stdDeviation="40"/></a.b:filter>' +
  '<rect width="4000" height="4000" style="fil\\74 er:url(#f)"/></svg>';

let imageHost: http.Server;
let imageBase = '';
beforeAll(async () => {
  imageHost = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'image/svg+xml' }).end(filterSvg);
  });
  await new Promise<void>((resolve) => imageHost.listen(0, '127.0.0.1', resolve));
  imageBase = `http://127.0.0.1:${(imageHost.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => imageHost.close(() => resolve())));

describe('an SVG with a hidden filter, brought by a marker suggestion', () => {
  it('is refused when suggested, at once, naming the URL; other requests stay fast', async () => {
    const user = await createUser(env.t);
    await env.t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = env.t.app.server.address() as AddressInfo;
    const probe = async (until: () => boolean) => {
      const latencies: number[] = [];
      while (!until()) {
        const started = performance.now();
        await fetch(`http://127.0.0.1:${port}/api/games`).then((r) => r.arrayBuffer());
        latencies.push(performance.now() - started);
        await new Promise((r) => setTimeout(r, 10));
      }
      return latencies;
    };
    // The guest's list is cached before the suggestion is sent.
    await fetch(`http://127.0.0.1:${port}/api/games`).then((r) => r.arrayBuffer());
    let done = false;
    const started = performance.now();
    const suggesting = fetch(`http://127.0.0.1:${port}/api/markers/g1_map_a?suggestMode=true`, {
      method: 'POST',
      headers: { ...user.auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Pictured',
        markerDefinitionId: 'def_loot',
        imageUrls: [`${imageBase}/a.svg`, `${imageBase}/b.svg`],
      }),
    }).then(async (r) => {
      done = true;
      return { status: r.status, body: (await r.json()) as { errors: { field: string; message: string }[] } };
    });
    const [refused, latencies] = await Promise.all([suggesting, probe(() => done)]);
    const suggestMs = performance.now() - started;
    const sorted = latencies.sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
    console.info(
      `suggest ${suggestMs.toFixed(0)} ms; probe ${sorted.length} samples, median ${median.toFixed(1)} ms`,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toMatchObject({ field: 'body.imageUrls.0' });
    expect(refused.body.errors[0].message).toMatch(/filter/i);
    // Drawing the filter took the image worker's whole time limit (a minute) per image.
    expect(suggestMs).toBeLessThan(10_000);
    expect(median).toBeLessThan(200);
  }, 200_000);
});
