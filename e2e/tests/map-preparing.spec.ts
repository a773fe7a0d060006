import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import type { APIRequestContext } from '@playwright/test';
import { mapMessages } from '@waypoint/shared/map/map-messages';
import { preparingMessages } from '@waypoint/shared/map/preparing';
import { admin, expect, test } from '../support/fixtures.ts';
import { reviewShot } from '../support/review-shot.ts';

/** A PNG of coloured noise: big enough that cutting its tiles takes a few seconds. */
function noisePng(size: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const row = size * 3 + 1;
  const raw = randomBytes(row * size);
  for (let y = 0; y < size; y++) raw[y * row] = 0; // filter: none
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 1 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// One after the other: the first cuts a large picture's tiles, which on two busy cores once held the
// second's page past its waits.
test.describe.configure({ mode: 'default' });

async function adminAuth(request: APIRequestContext) {
  const res = await request.post('/api/users/login', {
    data: { email: admin.email, password: admin.password },
  });
  expect(res.ok()).toBe(true);
  return { authorization: `Bearer ${((await res.json()) as { token: string }).token}` };
}

test('a map whose tiles are being cut says so with the progress, and appears without a reload', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const auth = await adminAuth(request);
  const mapId = `e2e_prep_${randomBytes(3).toString('hex')}`;
  const created = await request.put('/api/admin/map', {
    headers: auth,
    data: {
      _id: mapId,
      gameId: 'frontier_zone',
      categoryId: 'fz_coast',
      name: 'Preparing Bay',
      weight: -100,
      // The coordinate scale is known before the tiles (as for a map whose picture is replaced).
      maxZoom: 4,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  try {
    const upload = await request.post(`/api/admin/map/addImage/${mapId}/mapImage`, {
      headers: auth,
      multipart: { file: { name: 'bay.png', mimeType: 'image/png', buffer: noisePng(3072) } },
      timeout: 120_000,
    });
    expect(upload.ok(), await upload.text()).toBe(true);
    const queued = await request.post(`/api/admin/processMap/${mapId}/frontier_zone`, { headers: auth });
    expect(queued.ok(), await queued.text()).toBe(true);

    await page.goto(`/game/frontier_zone/maps/${mapId}`);
    const notice = page.getByTestId('map-preparing');
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(preparingMessages.preparing);
    await expect(notice).toHaveAttribute('data-status', /PENDING|PROCESSING|DONE/);
    await expect(page.getByText(mapMessages.noMarkers)).toBeVisible();
    await reviewShot(page, 'preparing-1440.png');
    // What the visitor has open stays open when the tiles arrive: the map is not made again.
    await page.waitForFunction(() =>
      Boolean((window as unknown as { __waypointProbe?: { map?: unknown } }).__waypointProbe?.map),
    );
    await page.evaluate(() => {
      const w = window as unknown as {
        __waypointProbe: { map: { openPopup(html: string, at: [number, number]): void; getCenter(): never } };
        __mapBefore?: unknown;
      };
      w.__mapBefore = w.__waypointProbe.map;
      w.__waypointProbe.map.openPopup(
        '<b data-testid="probe-popup">still here</b>',
        w.__waypointProbe.map.getCenter(),
      );
    });
    await expect(page.getByTestId('probe-popup')).toBeVisible();
    // The notice steps aside while a popup is open (it sits over the middle of the map, where popups open).
    await expect(notice).toBeHidden();
    // The tiles arrive: the notice goes and the map's tiles (with the picture's version) load,
    // in the same page.
    const tile = page.waitForRequest(
      new RegExp(`/mapTiles/frontier_zone/${mapId}/[0-9a-z]+/\\d+/\\d+/\\d+\\.png\\?v=`),
      {
        timeout: 150_000,
      },
    );
    await expect(notice).toHaveCount(0, { timeout: 150_000 });
    await tile;
    const loaded = page.locator('img.leaflet-tile-loaded');
    await expect(loaded.first()).toBeVisible();
    await expect(page.getByTestId('probe-popup')).toBeVisible();
    expect(
      await page.evaluate(() => {
        const w = window as unknown as { __waypointProbe: { map: unknown }; __mapBefore?: unknown };
        return w.__waypointProbe.map === w.__mapBefore;
      }),
    ).toBe(true);
  } finally {
    await request.delete(`/api/admin/map/${mapId}`, { headers: auth });
  }
});

test('a map without tiles (accepted from a suggestion, never processed) says so and asks for no tiles', async ({
  page,
  request,
}) => {
  const auth = await adminAuth(request);
  const mapId = `e2e_bare_${randomBytes(3).toString('hex')}`;
  const created = await request.put('/api/admin/map', {
    headers: auth,
    data: { _id: mapId, gameId: 'frontier_zone', categoryId: 'fz_coast', name: 'Bare Flats', weight: -100 },
  });
  expect(created.status(), await created.text()).toBe(201);
  try {
    const tiles: string[] = [];
    const statusReads: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/mapTiles/')) tiles.push(r.url());
      if (r.url().endsWith(`/api/map/${mapId}/status`)) statusReads.push(r.url());
    });
    // The page's timers run on a clock the test moves on, so waiting out a polling interval costs no time.
    await page.clock.install();
    await page.goto(`/game/frontier_zone/maps/${mapId}`);
    const notice = page.getByTestId('map-preparing');
    await expect(notice).toContainText(preparingMessages.noTiles);
    await expect(notice).toContainText(preparingMessages.noPicture);
    await expect(page.getByTestId('map').locator('.leaflet-control-zoom')).toBeVisible();
    // Nothing is on its way, so the notice does not keep asking (it polls every 2 s otherwise). A read
    // started by a timer would be under way before the next one a test asks for: the health answer marks the end.
    await page.clock.runFor(2_500);
    await page.evaluate(() => fetch('/healthz').then((r) => r.status));
    expect(tiles).toEqual([]);
    expect(statusReads).toHaveLength(1);
    await reviewShot(page, 'no-tiles-1440.png');
  } finally {
    await request.delete(`/api/admin/map/${mapId}`, { headers: auth });
  }
});
