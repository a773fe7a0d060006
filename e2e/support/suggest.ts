import type { APIRequestContext, Page } from '@playwright/test';
import { constants } from '@waypoint/shared/constants';
import { expect, test } from './fixtures.ts';
import { showMarker } from './map.ts';

/** The drawn store with the suggestion columns (set by MapView for tests). */
interface SuggestHandle {
  map: {
    latLngToContainerPoint(latlng: [number, number]): { x: number; y: number };
    containerPointToLatLng(point: [number, number]): { lat: number; lng: number };
    getContainer(): HTMLElement;
  };
  store: {
    size: number;
    ids: string[];
    tint: Uint8Array;
    visible: Uint8Array;
    indexOf(id: string): number;
    latLng(i: number): [number, number];
    suggestionId(i: number): string;
  };
}

/** Logs a session in through the API and gives the page its cookie. */
export async function loginWithToken(
  page: Page,
  request: APIRequestContext,
  email: string,
  password: string,
) {
  const res = await request.post('/api/users/login', { data: { email, password } });
  expect(res.ok()).toBe(true);
  const { token } = (await res.json()) as { token: string };
  const url = test.info().project.use.baseURL;
  if (!url) throw new Error('baseURL is not configured');
  await page.context().addCookies([{ name: constants.cookieName, value: token, url }]);
  return token;
}

/** The tint of a drawn marker (0 none, 1 add, 2 update, 3 delete), or -1 when it is not drawn. */
export function tintOf(page: Page, id: string): Promise<number> {
  return page.evaluate((markerId) => {
    const h = (window as unknown as { __waypointProbe?: SuggestHandle }).__waypointProbe;
    if (!h) return -1;
    const i = h.store.indexOf(markerId);
    return i < 0 ? -1 : h.store.tint[i];
  }, id);
}

/** Ids of the drawn markers with a tint. */
export function tintedIds(page: Page): Promise<{ id: string; tint: number; suggestionId: string }[]> {
  return page.evaluate(() => {
    const { store } = (window as unknown as { __waypointProbe: SuggestHandle }).__waypointProbe;
    const out: { id: string; tint: number; suggestionId: string }[] = [];
    for (let i = 0; i < store.size; i++) {
      if (store.tint[i])
        out.push({ id: store.ids[i], tint: store.tint[i], suggestionId: store.suggestionId(i) });
    }
    return out;
  });
}

/** Centres the map on a marker at the highest zoom and answers its screen point (the icon's middle). */
export async function markerPoint(page: Page, id: string) {
  await showMarker(page, id);
  // Let the canvas draw at the new view.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  return page.evaluate((markerId) => {
    const { map, store } = (window as unknown as { __waypointProbe: SuggestHandle }).__waypointProbe;
    const p = map.latLngToContainerPoint(store.latLng(store.indexOf(markerId)));
    const r = map.getContainer().getBoundingClientRect();
    return { x: r.left + p.x, y: r.top + p.y - 16 };
  }, id);
}

/**
 * Whether `colours` hold one near `target` (each channel within 24): a ring drawn at a fractional
 * pixel position is resampled, so its pixels are close to its colour, not always equal to it.
 */
export function hasColourNear(colours: readonly string[], target: string): boolean {
  const rgb = (hex: string) => [1, 3, 5].map((k) => Number.parseInt(hex.slice(k, k + 2), 16));
  const want = rgb(target);
  return colours.some((c) => rgb(c).every((v, k) => Math.abs(v - want[k]!) <= 24));
}

/**
 * The colours the marker canvas shows along a line from a marker's icon to the right, through its
 * suggestion ring ('#rrggbb' each); the line runs through the middle of the icon.
 */
export function coloursRightOf(page: Page, id: string): Promise<string[]> {
  return page.evaluate((markerId) => {
    const { map, store } = (window as unknown as { __waypointProbe: SuggestHandle }).__waypointProbe;
    const canvas = document.querySelector('canvas.wp-marker-canvas') as HTMLCanvasElement;
    const p = map.latLngToContainerPoint(store.latLng(store.indexOf(markerId)));
    const box = map.getContainer().getBoundingClientRect();
    const rect = canvas.getBoundingClientRect();
    const scale = canvas.width / rect.width;
    const ctx = canvas.getContext('2d')!;
    const out = new Set<string>();
    // Pins are anchored at their bottom (their middle is about 18 px higher), images at their middle.
    for (const dy of [0, -18]) {
      for (let dx = 12; dx <= 32; dx++) {
        const x = Math.round((box.left + p.x + dx - rect.left) * scale);
        const y = Math.round((box.top + p.y + dy - rect.top) * scale);
        const d = ctx.getImageData(x, y, 1, 1).data;
        out.add(`#${[d[0], d[1], d[2]].map((v) => v.toString(16).padStart(2, '0')).join('')}`);
      }
    }
    return [...out];
  }, id);
}
