import { expect, test } from '../support/fixtures.ts';

const mapPath = '/game/frontier_zone/maps/fz_coast_harbor';

test("a shared marker link's page names the marker in its title and card tags, with a picture of the map around it", async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const markers = (await (await request.get('/api/map/fz_coast_harbor/markers')).json()) as {
    markers: { id: string[]; name: string[] };
  };
  const at = markers.markers.name.findIndex((name) => name.length > 0);
  const id = markers.markers.id[at]!;
  const name = markers.markers.name[at]!;

  // The picture is a tile of the demo map: there once the demo picture is cut.
  await expect
    .poll(
      async () =>
        ((await (await request.get('/api/map/fz_coast_harbor')).json()) as { tilesPath?: string })
          .tilesPath ?? '',
      {
        timeout: 120_000,
      },
    )
    .not.toBe('');
  const html = await (
    await request.get(`${mapPath}?marker=${id}`, { headers: { accept: 'text/html' } })
  ).text();
  const tag = (key: string) =>
    new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1] ?? '';
  const escaped = name.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  expect(html).toContain(`<title>${escaped} - `);
  expect(tag('og:title')).toContain(escaped);
  expect(tag('og:url')).toMatch(new RegExp(`${mapPath}\\?marker=${id}$`));
  expect(tag('twitter:card')).toBe('summary_large_image');
  const picture = tag('og:image').replace(/&amp;/g, '&');
  expect(picture).toMatch(/^http/);
  const tile = await request.get(picture);
  expect(tile.status()).toBe(200);
  expect(tile.headers()['content-type']).toContain('image/');

  // The page opens on the marker, as any shared marker link does.
  await page.goto(`${mapPath}?marker=${id}`);
  await expect(page.locator('.leaflet-popup')).toContainText(name);
  // The app's own title keeps naming the marker.
  await expect(page).toHaveTitle(new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} - `));
});
