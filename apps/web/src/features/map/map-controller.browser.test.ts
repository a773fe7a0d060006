import { emptyMarkerColumns, type MapMarkerDefinition } from '@waypoint/shared/map/marker-data';
import type { TMap } from '@waypoint/shared/models/types';
import type * as Leaflet from 'leaflet';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { MarkerStore } from './layers/marker-store.ts';
import { MapViewController } from './map-controller.ts';
import type { MapInput } from './map-input.ts';
import { type MapOverlay, OverlayList } from './overlay.ts';
import { mapProbe } from './probe.ts';
import { MapViewStore } from './view-store.ts';

/** A 4096 × 4096 map picture with five zoom levels, its tiles cut (no tile is served here). */
function gameMap(id: string): TMap {
  return {
    _id: id,
    name: id,
    gameId: 'g',
    maxZoom: 4,
    imageProcessStatus: 'DONE',
    images: { mapImage: { imageWidth: 4096, imageHeight: 4096, version: 'v1', fileName: 'map.png' } },
  } as unknown as TMap;
}

/** `count` markers of one definition on a grid over the whole map. */
function markerStore(mapId: string, count = 400) {
  const markers = emptyMarkerColumns();
  const side = Math.ceil(Math.sqrt(count));
  for (let i = 0; i < count; i++) {
    markers.id.push(`pm_${i}`);
    markers.def.push(0);
    markers.lat.push(-((Math.floor(i / side) + 0.5) * 256) / side);
    markers.lng.push((((i % side) + 0.5) * 256) / side);
    markers.name.push(`Spot ${i}`);
    markers.questId.push('');
    markers.questObjective.push('');
    markers.reportCount.push(0);
  }
  const definition = { _id: 'd', name: 'Cache', markerDefinitionType: 'SVG' } as MapMarkerDefinition;
  return new MarkerStore({ mapId, count, definitions: [definition], markers });
}

const elements: HTMLElement[] = [];
const controllers: MapViewController[] = [];

/** A map element of the given size on the page, and a controller with its view store. */
function mapOnPage(width = 600, height = 500) {
  const element = document.createElement('div');
  element.style.cssText = `width:${width}px;height:${height}px;position:relative`;
  document.body.append(element);
  elements.push(element);
  const views = new MapViewStore();
  const controller = new MapViewController(views);
  controllers.push(controller);
  return { element, views, controller };
}

function input(map: TMap, store: MarkerStore | undefined, more: Partial<MapInput> = {}): MapInput {
  return {
    map,
    gameId: 'g',
    store,
    isVisible: () => true,
    completed: new Set(),
    embedded: false,
    safeColours: false,
    onPopup: () => undefined,
    ...more,
  };
}

const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

/** Resolves once the marker canvas has drawn nothing for `frames` frames in a row. */
async function atRest(frames = 10) {
  let last = mapProbe().draw.drawn;
  let calm = 0;
  while (calm < frames) {
    await frame();
    const now = mapProbe().draw.drawn;
    calm = now === last ? calm + 1 : 0;
    last = now;
  }
}

/** Pans without animation and waits for the move's end and the frames after it. */
async function pan(map: Leaflet.Map, dx: number) {
  const moved = new Promise<void>((resolve) => map.once('moveend', () => resolve()));
  map.panBy([dx, 0], { animate: false });
  await moved;
  await frame();
  await frame();
}

afterEach(() => {
  for (const c of controllers.splice(0)) c.destroy();
  for (const e of elements.splice(0)) e.remove();
});

describe('MapViewController', () => {
  // Run first: the drawing code is still on its way when the map is taken off.
  test('a map taken off before its drawing code arrived is not built when the code arrives', async () => {
    const { element, views, controller } = mapOnPage();
    controller.mount(element);
    controller.sync(input(gameMap('m1'), markerStore('m1')));
    controller.destroy();
    const other = mapOnPage();
    other.controller.mount(other.element);
    other.controller.sync(input(gameMap('m1'), markerStore('m1')));
    await vi.waitFor(() => expect(other.views.get()).toBeDefined(), { timeout: 10_000 });
    expect(element.querySelector('.leaflet-pane')).toBeNull();
    expect(views.get()).toBeUndefined();
  });

  test('the page state given before or after the element builds the same map', async () => {
    const layersA = vi.fn();
    const layersB = vi.fn();
    const a = mapOnPage();
    a.controller.sync(input(gameMap('m1'), markerStore('m1'), { onLayers: layersA }));
    a.controller.mount(a.element);
    const b = mapOnPage();
    b.controller.mount(b.element);
    b.controller.sync(input(gameMap('m1'), markerStore('m1'), { onLayers: layersB }));
    await vi.waitFor(() => expect(a.views.get() && b.views.get()).toBeDefined());
    expect(a.views.get()).toEqual(b.views.get());
    expect(layersA.mock.calls).toEqual([[true]]);
    expect(layersB.mock.calls).toEqual([[true]]);
    for (const { element } of [a, b]) expect(element.querySelectorAll('canvas').length).toBeGreaterThan(0);
  });

  test('a hosted overlay is put on every map built and taken off with it', async () => {
    const { element, views, controller } = mapOnPage();
    const events: string[] = [];
    const overlay: MapOverlay<never> = {
      attach: (m) => events.push(`attach ${m.getContainer() === element}`),
      set: () => undefined,
      detach: () => events.push('detach'),
    };
    controller.mount(element);
    controller.sync(input(gameMap('m1'), markerStore('m1')));
    const unhost = controller.host(overlay);
    await vi.waitFor(() => expect(events).toEqual(['attach true']));
    // Another map: a new frame, the overlay moves with it.
    controller.sync(input(gameMap('m2'), markerStore('m2')));
    expect(events).toEqual(['attach true', 'detach', 'attach true']);
    expect(views.get()).toBeDefined();
    unhost();
    unhost();
    expect(events).toEqual(['attach true', 'detach', 'attach true', 'detach']);
    controller.destroy();
    expect(events).toHaveLength(4);
    expect(views.get()).toBeUndefined();
  });

  test('a new store closes the open popup and tells the page the layers changed', async () => {
    const layers = vi.fn();
    const popups: unknown[] = [];
    const { element, controller } = mapOnPage();
    const store = markerStore('m1');
    const given = input(gameMap('m1'), store, { onLayers: layers, onPopup: (p) => popups.push(p) });
    controller.mount(element);
    controller.sync(given);
    await vi.waitFor(() => expect(layers).toHaveBeenCalledWith(true));
    expect(controller.openMarker('pm_5')).toBe(true);
    expect(popups.at(-1)).toMatchObject({ index: 5 });
    controller.sync({ ...given, store: markerStore('m1') });
    expect(popups.at(-1)).toBeUndefined();
    expect(layers.mock.calls).toEqual([[true], [false], [true]]);
  });

  // The canvas is drawn with a margin of 15% of the view's longer side around the view: a pan that
  // stays inside it needs no new draw (each draw costs the compositor a copy of the canvas); a pan
  // past it draws again.
  test('a pan inside the drawn margin does not draw the markers again; one past it does', async () => {
    const { element, views, controller } = mapOnPage(390, 844);
    controller.mount(element);
    controller.sync(input(gameMap('m1'), markerStore('m1')));
    await vi.waitFor(() => expect(mapProbe().draw.count).toBeGreaterThan(0));
    const map = mapProbe().map as Leaflet.Map;
    expect(views.get()).toBeDefined();
    await atRest();
    const before = mapProbe().draw.drawn;
    // 0.15 × 844 = 127 px of margin on each side.
    await pan(map, 60);
    await pan(map, -40);
    expect(mapProbe().draw.drawn).toBe(before);
    await pan(map, 200);
    expect(mapProbe().draw.drawn).toBeGreaterThan(before);
  });

  // Tiles are shown as they arrive, without Leaflet's fade (which restyles every arriving tile on
  // each frame while a map loads).
  test('map tiles appear without a fade', async () => {
    const { element, views, controller } = mapOnPage();
    controller.mount(element);
    controller.sync(input(gameMap('m1'), markerStore('m1')));
    await vi.waitFor(() => expect(views.get()).toBeDefined());
    expect(element.classList.contains('leaflet-fade-anim')).toBe(false);
    await vi.waitFor(() => expect(element.querySelectorAll('.leaflet-tile').length).toBeGreaterThan(0));
    for (const tile of element.querySelectorAll<HTMLElement>('.leaflet-tile'))
      expect(['', '1']).toContain(tile.style.opacity);
  });
});

describe('OverlayList', () => {
  const fakeMap = {} as Leaflet.Map;

  test('hands each overlay its part only when that part changed, and takes them off last first', () => {
    const events: string[] = [];
    const overlay = (name: string): MapOverlay<unknown> => ({
      attach: () => events.push(`${name} attach`),
      set: (p) => events.push(`${name} ${JSON.stringify(p)}`),
      detach: () => events.push(`${name} detach`),
    });
    const list = new OverlayList<{ a: object; b: number }>(fakeMap);
    list.add(overlay('A'), (i) => i.a);
    list.follow(
      (i) => i.b,
      (b) => events.push(`B ${b}`),
    );
    const a = { x: 1 };
    list.apply({ a, b: 1 });
    list.apply({ a, b: 1 });
    list.apply({ a: { x: 1 }, b: 1 });
    list.apply({ a, b: 2 });
    list.detach();
    list.detach();
    expect(events).toEqual(['A attach', 'A {"x":1}', 'B 1', 'A {"x":1}', 'A {"x":1}', 'B 2', 'A detach']);
  });
});
