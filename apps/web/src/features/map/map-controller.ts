import { constants } from '@waypoint/shared/constants';
import type { Point } from '@waypoint/shared/map/coords';
import { safeColour } from '@waypoint/shared/map/palette';
import { mapTilesReady } from '@waypoint/shared/map/preparing';
import type { TMap } from '@waypoint/shared/models/types';
import type * as Leaflet from 'leaflet';
import { config } from '../../app/config.ts';
import { isFirstVisitPaint } from '../consent/consent.ts';
import { chunkLoaderOf } from './chunk-loader.ts';
import type { CoordsLayer, CoordsLayerInput } from './coords/coords-layer.ts';
import type { DrawingShape, DrawLayer } from './layers/draw-layer.ts';
import type { HtmlMarkerLayer } from './layers/html-layer.ts';
import type { SpriteCache } from './layers/icons.ts';
import type { ExtraMarker, MarkerCanvasLayer } from './layers/marker-canvas-layer.ts';
import { MarkerKind, type MarkerStore, Shown, type StoreChange } from './layers/marker-store.ts';
import type { PathLayer } from './layers/path-layer.ts';
import classes from './map.module.css';
import { loadedMapEngine, loadMapEngine, type MapEngine } from './map-engine-loader.ts';
import { buildMapFrame, frameKeyOf, type MapFrame, setTileUrl } from './map-frame.ts';
import { tileTemplate } from './map-geometry.ts';
import type { PinLayer, PinLayerInput } from './pins/pin-layer.ts';
import { popupRoom, type Room } from './popup-room.ts';
import { probeLayers } from './probe.ts';

/** What the page may ask of the map. */
export interface MapController {
  /** Flies to a marker and highlights it; answers false for an unknown marker. */
  flyToMarker(id: string): boolean;
  /** Draws one marker again after its data or completion changed. */
  redrawMarker(id: string): void;
  /** The Leaflet map, for tools that add their own layers. */
  leaflet(): Leaflet.Map | undefined;
  /** Opens a marker's popup (a shared marker link); answers false while the marker is not drawn. */
  openMarker(id: string): boolean;
  /** Highlights a marker and pans it to the centre at the current zoom (the marker list's focus). */
  centreMarker(id: string): void;
  /** Flies to one of the player's pins and opens it; answers false while it is not drawn. */
  openPin(id: string): boolean;
  /** The player's pins drawn in the current view (at most `max`). */
  pinsInView(max: number): { id: string; name: string }[];
  /** The map pixel at the centre of the view (undefined before the map is built). */
  viewCentre(): Point | undefined;
  /** Centres the view on a map pixel, zooming in to at least the map's middle zoom. */
  centreOn(pixel: Point): void;
}

/** What the map tools (suggest mode, admins) do with the pointer; without them the map only browses. */
export interface MapPointerTools {
  /** A marker was clicked: answers true when a tool took the click (no popup then). */
  onMarker?: (index: number) => boolean;
  /** The map itself (no marker) was clicked. */
  onMapClick?: (lat: number, lng: number) => void;
  /** A dragged marker was dropped at a new position. */
  onDrop?: (index: number, lat: number, lng: number) => void;
  /** Markers flagged draggable in the store can be dragged (move tool). */
  dragging: boolean;
  /** A place tool is active: clicks on markers go to the map. */
  placing: boolean;
  /** Markers placed and not yet answered by the server, drawn on top. */
  extras: readonly ExtraMarker[];
}

/** An open popup: the marker (or the player's pin) and the element its content is rendered into. */
export type OpenPopup = { index: number; container: HTMLElement } | { pinId: string; container: HTMLElement };

/** The player's own pins: what the layer shows, and where they ask to place one (the context menu). */
export interface MapPinsInput {
  layer: PinLayerInput | undefined;
  onAdd?: (lat: number, lng: number) => void;
}

/** Everything the map shows and tells, as the page has it now (`sync`). */
export interface MapInput {
  map: TMap;
  gameId: string;
  store: MarkerStore | undefined;
  /** Which markers are shown (the page's filters); applied to the store's visible flags. */
  isVisible: ((i: number) => boolean) | undefined;
  /** Which of the other markers are drawn faint (other floors, where the player asks for them). */
  isFaint?: (i: number) => boolean;
  /** The player's found markers; applied to the store's completed flags. */
  completed: ReadonlySet<string>;
  /** Links leave in a new tab (embedded map); no consent question is asked there. */
  embedded: boolean;
  /** Icons in the colour-blind-safe palette. */
  safeColours: boolean;
  /** The polygon or route being drawn, shown over the map. */
  drawing?: DrawingShape;
  /** The tiles of the floor shown, when it has its own (else the map's picture shows). */
  floorTiles?: { url: string; ready: boolean };
  /** The floor shown: a large map's chunks of that floor load first. */
  level?: number;
  tools?: MapPointerTools;
  pins?: MapPinsInput;
  /** The coordinates' readout, measured line and "Go to" mark. */
  coords?: CoordsLayerInput;
  /** The open popup changed (its content is rendered by the page). */
  onPopup: (popup: OpenPopup | undefined) => void;
  /**
   * The marker layers are on the map (true) or gone (false): markers can be flown to and opened
   * from then on. The map is built after the page's first paint, often after the marker data.
   */
  onLayers?: (ready: boolean) => void;
  /** A large map's chunk failed to load. */
  onChunkError?: (error: unknown) => void;
}

interface Layers {
  store: MarkerStore;
  markers: MarkerCanvasLayer;
  paths: PathLayer;
  html: HtmlMarkerLayer;
  sprites: SpriteCache;
  /** What of the input the layers show (applied again when it changes). */
  safeColours?: boolean;
  tools?: MapPointerTools;
  stopChunks: () => void;
  /** The floor whose chunks the loading under way asks for first. */
  chunksLevel?: number;
}

interface Built {
  key: string;
  frame: MapFrame;
  drawLayer: DrawLayer;
  tooltip: Leaflet.Tooltip;
  drawing?: DrawingShape;
  pins: PinLayer;
  pinsShown?: PinLayerInput;
  coords: CoordsLayer;
  coordsShown?: CoordsLayerInput;
}

/**
 * The map page's map: owns the Leaflet map, its tiles and its marker layers, and applies the page's
 * filters to the marker store. React mounts it on the map's element (`mount`, `destroy`) and hands it
 * the page's state after each render (`sync`); it works out itself what changed, so neither the order
 * of these calls nor of React's effects matters. The drawing code loads on its own (see
 * map-engine-loader.ts): everything given before it arrives is applied when it does.
 */
export class MapViewController implements MapController {
  private input?: MapInput;
  private element?: HTMLElement;
  private engine = loadedMapEngine();
  private loading = false;
  private built?: Built;
  private layers?: Layers;
  private popupLayer?: Leaflet.Popup;
  /** The map's pan limits, kept while an open popup has them lifted. */
  private liftedBounds?: Leaflet.LatLngBounds;
  private flags?: {
    store: MarkerStore;
    isVisible?: (i: number) => boolean;
    isFaint?: (i: number) => boolean;
    completed?: ReadonlySet<string>;
    unsubscribe: () => void;
  };

  mount(element: HTMLElement) {
    this.element = element;
    this.apply();
  }

  destroy() {
    this.removeMap();
    this.element = undefined;
    this.flags?.unsubscribe();
    this.flags = undefined;
  }

  sync(input: MapInput) {
    this.input = input;
    this.apply();
  }

  private apply() {
    const input = this.input;
    if (!input) return;
    this.applyFlags(input);
    const el = this.element;
    if (!el) return;
    const engine = this.engine;
    if (!engine) {
      this.loadEngine();
      return;
    }
    const key = frameKeyOf(input.map, input.gameId);
    if (this.built?.key !== key) {
      this.removeMap();
      this.built = this.buildMap(engine, el, input, key);
    }
    const built = this.built;
    // Another floor's tiles are asked for at once, in the same task as its markers' new flags.
    const tiles = input.floorTiles ?? {
      url: tileTemplate(config.imageHost, input.map, input.gameId),
      ready: mapTilesReady(input.map),
    };
    setTileUrl(built.frame.map, built.frame.tiles, tiles.url, tiles.ready);
    if (built.pinsShown !== input.pins?.layer) {
      built.pinsShown = input.pins?.layer;
      built.pins.set(input.pins?.layer);
    }
    if (built.coordsShown !== input.coords) {
      built.coordsShown = input.coords;
      built.coords.set(input.coords);
    }
    if (built.drawing !== input.drawing) {
      built.drawing = input.drawing;
      built.drawLayer.set(input.drawing);
    }
    if (this.layers?.store !== input.store) {
      this.removeLayers();
      if (input.store) this.layers = this.buildLayers(engine, built, input.store);
    }
    if (this.layers) this.applyToLayers(this.layers, input);
  }

  /** A first visit's largest paint is the consent question: the map is built after it. */
  private loadEngine() {
    if (this.loading) return;
    this.loading = true;
    void loadMapEngine(isFirstVisitPaint()).then(
      (engine) => {
        this.loading = false;
        this.engine = engine;
        // Not after `destroy`: a map taken off the page stays off.
        if (this.element) this.apply();
      },
      () => {
        this.loading = false;
      },
    );
  }

  /** The page's filters and the player's found markers, written into the store's flags. */
  private applyFlags(input: MapInput) {
    const store = input.store;
    if (this.flags?.store !== store) {
      this.flags?.unsubscribe();
      this.flags = store ? { store, unsubscribe: store.subscribe(this.onStoreChange) } : undefined;
    }
    const flags = this.flags;
    if (!flags || !store) return;
    if ((flags.isVisible !== input.isVisible || flags.isFaint !== input.isFaint) && input.isVisible) {
      flags.isVisible = input.isVisible;
      flags.isFaint = input.isFaint;
      store.applyVisibility(input.isVisible, input.isFaint);
    }
    if (flags.completed !== input.completed) {
      flags.completed = input.completed;
      store.applyCompleted(input.completed);
    }
  }

  /** The layers follow the store's flags. */
  private onStoreChange = (change: StoreChange) => {
    const l = this.layers;
    if (!l) return;
    if (change.visible) {
      l.paths.sync();
      l.html.sync();
      l.markers.refresh();
    }
    if (change.completed) {
      l.paths.restyle();
      l.html.restyle();
      l.markers.redraw();
    }
    if (change.reported !== undefined) this.redrawIndex(l, change.reported);
  };

  private buildMap(engine: MapEngine, el: HTMLElement, input: MapInput, key: string): Built {
    const frame = buildMapFrame(engine, el, input.map, input.gameId, (m) => this.built?.frame.map === m);
    const m = frame.map;
    m.on('click', (e: Leaflet.LeafletMouseEvent) =>
      this.input?.tools?.onMapClick?.(e.latlng.lat, e.latlng.lng),
    );
    // Right-click (or a long press) places a pin there.
    m.on('contextmenu', (e: Leaflet.LeafletMouseEvent) =>
      this.input?.pins?.onAdd?.(e.latlng.lat, e.latlng.lng),
    );
    const drawLayer = new engine.DrawLayer().addTo(m);
    const pins = new engine.PinLayer((id) => this.openPin(id)).addTo(m);
    const coords = new engine.CoordsLayer().addTo(m);
    const tooltip = engine.L.tooltip({ direction: 'top', offset: [0, -4], className: classes.tooltip });
    el.dataset.ready = 'true';
    // When the map could first draw markers (bench:map measures drawing from here or the data).
    performance.mark('waypoint:map-built');
    return { key, frame, drawLayer, tooltip, pins, coords };
  }

  private removeMap() {
    const built = this.built;
    if (!built) return;
    this.removeLayers();
    built.drawLayer.remove();
    built.pins.remove();
    built.coords.remove();
    built.frame.remove();
    this.built = undefined;
    this.liftedBounds = undefined;
    if (this.element) delete this.element.dataset.ready;
  }

  private buildLayers(engine: MapEngine, built: Built, store: MarkerStore): Layers {
    const m = built.frame.map;
    const { SpriteCache, MarkerCanvasLayer, PathLayer, HtmlMarkerLayer } = engine;
    const open = (index: number, latlng?: Leaflet.LatLng) => this.open(engine, index, latlng);
    const sprites = new SpriteCache(store.definitions, () => markers.redraw());
    const markers = new MarkerCanvasLayer({
      store,
      sprites,
      clusterBelowZoom: Math.max(m.getMinZoom() + 0.75, (this.input?.map.maxZoom ?? 0) - 1.5),
      completedOpacity: constants.completedMarkerOpacity,
      onMarkerClick: (i) => open(i),
      onDrop: (i, lat, lng) => this.input?.tools?.onDrop?.(i, lat, lng),
      onHover: (i) => {
        const t = built.tooltip;
        if (i === undefined) {
          m.closeTooltip(t);
          return;
        }
        const sprite = sprites.get(store.def[i]);
        t.options.offset = [0, -sprite.anchorY + 2];
        t.setLatLng(store.latLng(i)).setContent(store.names[i] || store.definitionOf(i).name);
        m.openTooltip(t);
      },
    });
    const paths = new PathLayer(store, (i, latlng) => open(i, latlng)).addTo(m);
    const html = new HtmlMarkerLayer(store, (i) => open(i)).addTo(m);
    paths.sync();
    html.sync();
    if (__WAYPOINT_PROBE__) probeLayers(m, store);
    markers.addTo(m);
    const layers: Layers = { store, markers, paths, html, sprites, stopChunks: () => undefined };
    layers.stopChunks = this.loadChunks(m, layers);
    this.input?.onLayers?.(true);
    return layers;
  }

  private removeLayers() {
    const l = this.layers;
    if (!l) return;
    this.layers = undefined;
    l.stopChunks();
    l.markers.remove();
    l.paths.remove();
    l.html.remove();
    const m = this.built?.frame.map;
    if (m && this.popupLayer) m.closePopup(this.popupLayer);
    this.input?.onLayers?.(false);
  }

  private applyToLayers(l: Layers, input: MapInput) {
    if (l.safeColours !== input.safeColours) {
      l.safeColours = input.safeColours;
      if (input.safeColours) l.sprites.recolour(safeColour);
      else if (l.sprites.recoloured) l.sprites.recolour();
    }
    const tools = input.tools;
    if (l.tools !== tools) {
      l.tools = tools;
      l.markers.setDragging(Boolean(tools?.dragging));
      l.markers.setPassClicks(Boolean(tools?.placing));
      l.markers.setExtras(tools?.extras ?? []);
    }
    // Another floor while a large map's chunks are still coming: its chunks are asked for next.
    const loader = chunkLoaderOf(l.store.data);
    if (loader && !loader.complete && l.chunksLevel !== input.level) {
      const m = this.built?.frame.map;
      if (m) {
        l.stopChunks();
        l.stopChunks = this.loadChunks(m, l);
      }
    }
  }

  /** Opens a marker's popup (or hands the click to a tool). */
  private open(engine: MapEngine, index: number, latlng?: Leaflet.LatLng) {
    const built = this.built;
    const l = this.layers;
    if (!built || !l) return;
    const m = built.frame.map;
    const { store, sprites } = l;
    const tools = this.input?.tools;
    m.closeTooltip(built.tooltip);
    if (tools?.onMarker?.(index)) return;
    // While placing, a click on a marker or shape places (a corner) there instead of opening it.
    if (tools?.placing && latlng) {
      tools.onMapClick?.(latlng.lat, latlng.lng);
      return;
    }
    let at = latlng ?? engine.L.latLng(store.latLng(index));
    let offsetY = 7;
    if (store.kind[index] === MarkerKind.Icon) {
      offsetY = 7 - sprites.get(store.def[index]).anchorY;
      at = engine.L.latLng(store.latLng(index));
    }
    this.popupAt(engine, at, offsetY, (container) => ({ index, container }));
  }

  /** Opens a popup at `at` whose content the page renders into its element (`content`); it opens clear of the controls over the map. */
  private popupAt(
    engine: MapEngine,
    at: Leaflet.LatLng,
    offsetY: number,
    content: (container: HTMLElement) => OpenPopup,
  ) {
    const m = this.built?.frame.map;
    if (!m) return;
    const { L } = engine;
    const container = document.createElement('div');
    const room = roomOf(m);
    // A narrow map (a phone beside the floor control) gets a narrower popup that fits between them.
    const width = Math.max(220, Math.min(301, m.getSize().x - room.left - room.right - 48));
    const p = L.popup({
      maxWidth: width,
      minWidth: width,
      className: classes.popup,
      autoPanPaddingTopLeft: [room.left, room.top],
      autoPanPaddingBottomRight: [room.right, room.bottom],
      offset: [0, offsetY],
    });
    p.setLatLng(at).setContent(container);
    // The content is rendered after the popup opens and grows with it (its code, images, comments):
    // each change of size places it again and pans the map so that all of it is in view.
    const resize = new ResizeObserver(() => {
      if (this.popupLayer === p && p.isOpen()) p.update();
    });
    resize.observe(container);
    // Escape closes it wherever the focus is (Leaflet only listens while the map itself has focus),
    // unless a field outside the popup uses the key (the search box clears itself).
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || !p.isOpen()) return;
      const target = e.target as HTMLElement | null;
      if (target?.closest('input, textarea, select') && !container.contains(target)) return;
      m.closePopup(p);
    };
    document.addEventListener('keydown', onKey);
    // Near the picture's edge the popup needs room that the pan limits refuse (Leaflet pans back
    // inside them): they are lifted while a popup is open, and the view returns inside on close.
    this.liftedBounds ??= (m.options.maxBounds as Leaflet.LatLngBounds | undefined) ?? undefined;
    m.setMaxBounds(null as unknown as Leaflet.LatLngBounds);
    p.on('remove', () => {
      resize.disconnect();
      document.removeEventListener('keydown', onKey);
      if (this.popupLayer !== p) return;
      if (this.liftedBounds && this.built?.frame.map === m) m.setMaxBounds(this.liftedBounds);
      this.liftedBounds = undefined;
      this.input?.onPopup(undefined);
    });
    this.popupLayer = p;
    m.openPopup(p);
    this.input?.onPopup(content(container));
  }

  pinsInView(max: number): { id: string; name: string }[] {
    const built = this.built;
    return built ? built.pins.inView(built.frame.map.getBounds(), max) : [];
  }

  openPin(id: string): boolean {
    const built = this.built;
    const engine = this.engine;
    const at = built?.pins.latLngOf(id);
    if (!built || !engine || !at) return false;
    const m = built.frame.map;
    if (!m.getBounds().contains(at)) m.panTo(at, { animate: false });
    this.popupAt(engine, at, -24, (container) => ({ pinId: id, container }));
    return true;
  }

  /** Places the open popup again after its content changed size. */
  relayoutPopup = () => {
    this.popupLayer?.update();
  };

  /**
   * A large map's chunks: those in view first, each drawn as it arrives (one redraw a frame). Answers
   * the call that stops loading.
   */
  private loadChunks(m: Leaflet.Map, l: Layers): () => void {
    const { store } = l;
    const loader = chunkLoaderOf(store.data);
    if (!loader) return () => undefined;
    let stopped = false;
    l.chunksLevel = this.input?.level;
    // Chunks loaded while another store was shown.
    let filled = false;
    loader.data.chunks.chunks.forEach((c, n) => {
      if (loader.isLoaded(n) && c.count > 0 && !store.loaded[c.start]) {
        store.fillRange(c.start, c.count);
        filled = true;
      }
    });
    const htmlShown = store.definitions.some((d) => d.markerDefinitionType === 'HTML');
    let tick = 0;
    let told = performance.now();
    const changed = (points: boolean, rows?: { start: number; count: number }) => {
      if (stopped) return;
      if (rows) l.markers.addRows(rows.start, rows.count);
      else l.markers.refresh();
      if (points) l.paths.sync();
      if (htmlShown) l.html.sync();
      // The page's counts (found per definition, a shared marker's popup) follow the last chunk,
      // and every second while chunks arrive: rendering the page for each would slow the loading.
      const now = performance.now();
      if (!loader.complete && now - told < 1000) return;
      told = now;
      cancelAnimationFrame(tick);
      tick = requestAnimationFrame(() => store.rowsArrived());
    };
    // Rows came in, or every chunk was in before this store: the layers and the page follow.
    if (filled || loader.complete) changed(true);
    const view = m.getBounds();
    loader
      .load(
        loader.order(view.getNorth(), view.getSouth(), l.chunksLevel),
        (chunk) => {
          store.fillChunk(chunk, store.data.markers === loader.data.markers);
          changed(Boolean(chunk.extras.points), chunk);
        },
        () => stopped,
      )
      .catch((error: unknown) => {
        if (!stopped) this.input?.onChunkError?.(error);
      });
    return () => {
      stopped = true;
      cancelAnimationFrame(tick);
    };
  }

  private redrawIndex(l: Layers, i: number) {
    const kind = l.store.kind[i];
    if (kind === MarkerKind.Path) l.paths.redrawMarker(i);
    else if (kind === MarkerKind.Html) l.html.redrawMarker(i);
    else l.markers.redrawMarker(i);
  }

  flyToMarker(id: string): boolean {
    const m = this.built?.frame.map;
    const l = this.layers;
    if (!m || !l) return false;
    const s = l.store;
    const i = s.indexOf(id);
    if (i < 0) return false;
    const bounds = s.kind[i] === MarkerKind.Path ? l.paths.boundsOf(i) : undefined;
    if (bounds) m.flyToBounds(bounds.pad(0.5), { duration: 0.6 });
    else m.flyTo(s.latLng(i), Math.max(m.getZoom(), m.getMaxZoom() - 1), { duration: 0.6 });
    l.markers.setHighlight(i);
    return true;
  }

  redrawMarker(id: string) {
    const l = this.layers;
    if (!l) return;
    const i = l.store.indexOf(id);
    if (i >= 0) this.redrawIndex(l, i);
  }

  leaflet(): Leaflet.Map | undefined {
    return this.built?.frame.map;
  }

  viewCentre(): Point | undefined {
    return this.built?.coords.centre();
  }

  centreOn(pixel: Point) {
    this.built?.coords.centreOn(pixel);
  }

  centreMarker(id: string) {
    const m = this.built?.frame.map;
    const l = this.layers;
    const i = l ? l.store.indexOf(id) : -1;
    if (!m || !l || i < 0) return;
    m.panTo(l.store.latLng(i));
    l.markers.setHighlight(i);
  }

  openMarker(id: string): boolean {
    const l = this.layers;
    const engine = this.engine;
    const i = l ? l.store.indexOf(id) : -1;
    if (!l || !engine || i < 0 || l.store.visible[i] !== Shown.Yes) return false;
    this.open(engine, i);
    return true;
  }
}

/**
 * The room a popup keeps from the map's edges: clear of every control drawn over the map (its own
 * buttons, the page's toolbars, handles and panels marked `data-map-control`, and a panel over the
 * map's top, `data-covers-map-top`), measured from where they are now (see popupRoom).
 */
function roomOf(map: Leaflet.Map): Room {
  const el = map.getContainer();
  const box = el.getBoundingClientRect();
  const page = el.parentElement?.parentElement ?? el;
  const controls = [
    ...page.querySelectorAll('[data-map-control], [data-covers-map-top], .leaflet-control'),
  ].flatMap((c) => {
    const r = c.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return [];
    return [
      {
        left: r.left - box.left,
        top: r.top - box.top,
        right: r.right - box.left,
        bottom: r.bottom - box.top,
      },
    ];
  });
  return popupRoom(box.width, box.height, controls, { top: 20, left: 20, bottom: 20, right: 20 });
}
