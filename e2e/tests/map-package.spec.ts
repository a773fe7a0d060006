import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { adminMessages } from '@waypoint/shared/admin-messages';
import { admin, expect, submitLogin, test } from '../support/fixtures.ts';
import { acceptAllStaged } from '../support/imports.ts';
import { reviewShot } from '../support/review-shot.ts';
import { loginWithToken } from '../support/suggest.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** A small valid PNG (64×48, opaque). */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAAAwCAIAAAAuKetIAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAfUlEQVRoge2SAQkAURSD1slOF86UF2M8/sAAOhY+T5O6AQuwviK7kHdJ3YAFWF+RXci7pG7AAqyvyC7kXVI3YAHWV2QX8i6pG7AA6yuyC3mX1A1YgPUV2YW8S+oGLMD6iuxC3iV1AxZgfUV2Ie+SugELsL4iu5B3Sd2AxwN+/gMk4kV6vRcAAAAASUVORK5CYII=',
  'base64',
);

/** A free port below Linux's ephemeral range (as the config finds the first server's). */
async function freePort(): Promise<number> {
  for (let n = 0; n < 50; n++) {
    const port = 20000 + Math.floor(Math.random() * 12000);
    const free = await new Promise<boolean>((resolve) => {
      const s = createServer();
      s.once('error', () => resolve(false));
      s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('no free port');
}

/**
 * A second site: its own data folder and database, the same web build, the server's build (made
 * before the browser suite, as `npm start` runs it in production) with the first site's settings.
 * Its demo content comes without pictures: only the package's picture is processed there.
 */
async function startSecondSite(): Promise<{ url: string; server: ChildProcess }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'waypoint-e2e-second-'));
  const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    stdio: 'ignore',
    env: {
      ...process.env,
      DEMO_IMAGES: 'false',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      WEB_HOST: url,
      WEB_DIST: path.join(process.env.WAYPOINT_E2E_DATA ?? '', 'web'),
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '1000',
      LOGIN_FAILURE_LIMIT: '1000',
      READ_MISSES_PER_SECOND: '1000',
      READ_MISS_BURST: '1000',
    },
  });
  await expect
    .poll(async () => (await fetch(`${url}/api/games`).catch(() => undefined))?.status, { timeout: 90_000 })
    .toBe(200);
  return { url, server };
}

test('an admin exports a map package and imports it on a second site, reviews and accepts it, and sees the markers', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const second = startSecondSite();
  const tag = randomBytes(3).toString('hex');
  const mapId = `e2e_package_${tag}`;
  const token = await loginWithToken(page, request, admin.email, admin.password);
  const auth = { authorization: `Bearer ${token}` };
  const put = async (model: string, data: Record<string, unknown>) =>
    expect((await request.put(`/api/admin/${model}`, { headers: auth, data })).status()).toBe(201);
  await put('map', { _id: mapId, gameId: 'frontier_zone', name: `Paket ${tag}`, enabled: true });
  expect(
    (
      await request.post(`/api/admin/map/addImage/${mapId}/mapImage`, {
        headers: auth,
        multipart: { file: { name: 'map.png', mimeType: 'image/png', buffer: png } },
      })
    ).status(),
  ).toBe(200);
  await put('markerdefinition', { _id: `${mapId}_def`, gameId: 'frontier_zone', name: `Schatz ${tag}` });
  for (const [i, name] of ['Truhe ✨', 'Höhle 東'].entries())
    await put('placedmarker', {
      _id: `${mapId}_m${i}`,
      mapId,
      markerDefinitionId: `${mapId}_def`,
      name,
      lat: -10 - i * 5,
      lng: 20 + i * 10,
    });

  await page.goto('/admin/imports');
  const panel = page.getByTestId('package-import');
  await panel.getByLabel(adminMessages.exportMap, { exact: true }).selectOption(mapId);
  const downloading = page.waitForEvent('download');
  await panel.getByRole('button', { name: adminMessages.exportPackage }).click();
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'waypoint-package-')), `${mapId}.waypoint.zip`);
  await (await downloading).saveAs(file);

  const { url, server } = await second;
  try {
    await page.goto(`${url}/login?nextUrl=${encodeURIComponent('/admin/imports')}`);
    await submitLogin(page, admin.email, admin.password);
    await expect(page).toHaveURL(/\/admin\/imports$/);
    const other = page.getByTestId('package-import');
    await other.getByLabel(adminMessages.packageGame, { exact: true }).selectOption('frontier_zone');
    await other.locator('input[type=file]').setInputFiles(file);
    await other.getByRole('button', { name: adminMessages.stageDataMaps }).click();
    // Staging decodes the package's picture in a child process, as an upload is.
    await expect(page.getByTestId('package-result')).toContainText(adminMessages.stagedPackage(4, 1, 0), {
      timeout: 45_000,
    });
    await page.setViewportSize({ width: 1440, height: 900 });
    await reviewShot(page, 'import-package-1440.png', { fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await reviewShot(page, 'import-package-390.png', { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    await acceptAllStaged(page, 'map', 1);
    await acceptAllStaged(page, 'markerdefinition', 1);
    await acceptAllStaged(page, 'placedmarker', 2);

    await page.goto(`${url}/game/frontier_zone/maps/${mapId}`);
    await page.waitForFunction(() => (window.__waypointProbe?.draw.completeAt ?? 0) > 0, undefined, {
      timeout: 60_000,
    });
    const ids = await page.evaluate(() => [...(window.__waypointProbe?.store.ids ?? [])]);
    expect(ids.filter((id) => id.endsWith(`${mapId}_m0`) || id.endsWith(`${mapId}_m1`))).toHaveLength(2);
  } finally {
    server.kill('SIGTERM');
  }
});
