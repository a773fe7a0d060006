import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { shellBuildFile, shellSlots } from '@waypoint/shared/html';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../test/s3-server.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// With IMAGE_HOST pointing at the bucket's public address, the page is told that host and the
// addresses it builds from it (`{IMAGE_HOST}/{key}`) reach the stored objects there directly.
let s3: TestS3Server;
let t: TestApp;
let imageHost: string;
const dist = mkdtempSync(path.join(tmpdir(), 'waypoint-web-'));

beforeAll(async () => {
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><html><head>${shellSlots.head}<template id="wp-after-paint">${shellSlots.preloads}</template></head><body><div id="root"></div></body></html>`,
  );
  writeFileSync(path.join(dist, shellBuildFile), JSON.stringify({ scriptHashes: [] }));
  writeFileSync(path.join(dist, '.vite/manifest.json'), '{}');
  s3 = await startS3Server('waypoint-public');
  imageHost = `${s3.endpoint}/waypoint-public/site`;
  t = await createTestApp({ storage: s3.storage('site'), imageHost, webDist: dist });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('IMAGE_HOST with object storage', () => {
  it('the page learns the image host from the server and may load pictures and tiles from it', async () => {
    const page = await t.app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    const tag = page.body.match(/<script type="application\/json" id="waypoint-config">(.*?)<\/script>/);
    expect(JSON.parse(tag![1]!).imageHost).toBe(imageHost);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(new RegExp(`img-src [^;]*${s3.endpoint.replace(/[.]/g, '\\.')}`));
    expect(csp).toMatch(new RegExp(`connect-src [^;]*${s3.endpoint.replace(/[.]/g, '\\.')}`));
  });

  it('a stored picture and tile are at {IMAGE_HOST}/{key}, the same bytes the app streams', async () => {
    const picture = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    for (const key of ['uploads/map/g1_map_a/mapImage/a.png', 'mapTiles/g1/g1_map_a/v123/0/0/0.png']) {
      await t.app.ctx.store.put(key, picture, 'image/png');
      const direct = await fetch(`${imageHost}/${key}`);
      expect(direct.status, key).toBe(200);
      expect(Buffer.from(await direct.arrayBuffer()).equals(picture), key).toBe(true);
      const streamed = await t.app.inject({ url: `/${key}` });
      expect(streamed.statusCode, key).toBe(200);
      expect(streamed.rawPayload.equals(picture), key).toBe(true);
    }
  });
});
