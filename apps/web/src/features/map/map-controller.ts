import { constants } from '@waypoint/shared/constants';
import type { Point } from '@waypoint/shared/map/coords';
import { mapTilesReady } from '@waypoint/shared/map/preparing';
import type * as Leaflet from 'leaflet';
import { config } from '../../app/config.ts';
import { isFirstVisitPaint } from '../consent/consent.ts';
import { feedChunks, refeedFor } from './chunk-feed.ts';
import type { CoordsLayer } from './coords/coords-layer.ts';
import { MarkerKind, type MarkerStore, Shown } from './layers/marker-store.ts';
import { loadedMapEngine, loadMapEngine, type MapEngine } from './map-engine-loader.ts';
import { buildMapFrame, frameKeyOf, type MapFrame, setTileUrl } from './map-frame.ts';
import { tileTemplate } from './map-geometry.ts';
import type { MapController, MapInput } from './map-input.ts';
import { MarkerLayers } from './marker-layers.ts';
import { type MapOverlay, OverlayList } from './overlay.ts';
import type { PinLayer } from './pins/pin-layer.ts';
import { PopupHost } from './popup-host.ts';
import type { MapViewState, MapViewStore } from './view-store.ts';

export type { MapController, MapInput, MapPinsInput, MapPointerTools } from './map-input.ts';
export type { OpenPopup } from './popup-host.ts';

/** One built map: its frame and the overlays that live as long as it. */
interface Built {
  key: string;
  frame: MapFrame;
  overlays: OverlayList<MapInput>;
  popups: PopupHost;
  coords: CoordsLayer;
  pins: PinLayer;
  markers: MarkerLayers;
}

/** A large map's chunk feed (of the store shown), and the floor it asked for first. */
interface Feed {
  level: number | undefined;
  stop: () => void;
}

/**
 * The map page's map: owns the Leaflet map, its tiles and its overlays, and applies the page's
 * filters to the marker store. React mounts it on the map's element (`mount`, `destroy`) and hands it
 * the page's state after each render (`sync`); each overlay is handed its part of that state when it
 * changed, so neither the order of these calls nor of React's effects matters. The drawing code
 * loads on its own (see map-engine-loader.ts): everything given before it arrives is applied when it
 * does.
 */
export class MapViewController implements MapController {
  private input?: MapInput;
  private element?: HTMLElement;
  private engine = loadedMapEngine();
  private loading = false;
  private built?: Built;
  private feed?: Feed;
  /** The page's own overlays (`host`), put on every map built. */
  private readonly hosted = new Set<MapOverlay<never>>();
  /** The next move is the marker list's pan to a row. */
  private centring = false;
  private flags?: {
    store: MarkerStore;
    isVisible?: (i: number) => boolean;
    isFaint?: (i: number) => boolean;
    completed?: ReadonlySet<string>;
  };

  constructor(private readonly views: MapViewStore) {}

  mount(element: HTMLElement) {
    this.element = element;
    this.apply();
  }

  destroy() {
    this.removeMap();
    this.element = undefined;
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
    const storeBefore = built.markers.store;
    built.overlays.apply(input);
    if (built.markers.store !== storeBefore) this.storeChanged(built, storeBefore);
    this.feedFor(built, input);
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
    if (this.flags?.store !== store) this.flags = store ? { store } : undefined;
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
    m.on('moveend', () => {
      const centring = this.centring;
      this.centring = false;
      if (this.built?.frame.map === m) this.views.publish(m, centring);
    });
    const overlays = new OverlayList<MapInput>(m);
    const popups = overlays.add(new PopupHost(engine), (i) => i.onPopup);
    const markers = new MarkerLayers(engine, {
      clusterBelowZoom: Math.max(m.getMinZoom() + 0.75, (input.map.maxZoom ?? 0) - 1.5),
      completedOpacity: constants.completedMarkerOpacity,
      open: (index, latlng) => this.open(index, latlng),
      onDrop: (i, lat, lng) => this.input?.tools?.onDrop?.(i, lat, lng),
    });
    overlays.add(markers.paths, (i) => i.store);
    overlays.add(markers.html, (i) => i.store);
    overlays.add(markers, (i) => i.store);
    overlays.follow(
      (i) => i.safeColours,
      (safe) => markers.setSafeColours(safe),
    );
    overlays.follow(
      (i) => i.tools,
      (tools) => markers.setTools(tools),
    );
    overlays.add(new engine.DrawLayer(), (i) => i.drawing);
    const pins = overlays.add(new engine.PinLayer((id) => this.openPin(id)), (i) => i.pins?.layer);
    const coords = overlays.add(new engine.CoordsLayer(), (i) => i.coords);
    for (const overlay of this.hosted) overlay.attach(m);
    this.views.publish(m);
    // When the map could first draw markers (bench:map measures drawing from here or the data).
    performance.mark('waypoint:map-built');
    return { key, frame, overlays, popups, markers, pins, coords };
  }

  /** The marker layers show another store (or none): flying to and opening markers follow. */
  private storeChanged(built: Built, before: MarkerStore | undefined) {
    const store = built.markers.store;
    this.feed?.stop();
    this.feed = undefined;
    if (before) {
      built.popups.close();
      this.input?.onLayers?.(false);
    }
    if (store) this.input?.onLayers?.(true);
  }

  /** A large map's chunks, the floor shown first: asked for again when the floor changes meanwhile. */
  private feedFor(built: Built, input: MapInput) {
    const store = built.markers.store;
    const targets = built.markers.chunkTargets();
    if (!store || !targets) return;
    if (this.feed && !refeedFor(store, this.feed.level, input.level)) return;
    this.feed?.stop();
    this.feed = {
      level: input.level,
      stop: feedChunks(built.frame.map, store, input.level, targets, (error) =>
        this.input?.onChunkError?.(error),
      ),
    };
  }

  private removeMap() {
    const built = this.built;
    if (!built) return;
    this.feed?.stop();
    this.feed = undefined;
    const hadStore = Boolean(built.markers.store);
    for (const overlay of this.hosted) overlay.detach();
    built.overlays.detach();
    if (hadStore) this.input?.onLayers?.(false);
    built.frame.remove();
    this.built = undefined;
    this.views.publish(undefined);
  }

  /** Opens a marker's popup (or hands the click to a tool). */
  private open(index: number, latlng?: Leaflet.LatLng) {
    const built = this.built;
    const store = built?.markers.store;
    if (!built || !store) return;
    const tools = this.input?.tools;
    built.markers.hideTooltip();
    if (tools?.onMarker?.(index)) return;
    // While placing, a click on a marker or shape places (a corner) there instead of opening it.
    if (tools?.placing && latlng) {
      tools.onMapClick?.(latlng.lat, latlng.lng);
      return;
    }
    let at: Leaflet.LatLngExpression = latlng ?? store.latLng(index);
    let offsetY = 7;
    if (store.kind[index] === MarkerKind.Icon) {
      offsetY = 7 - built.markers.anchorY(index);
      at = store.latLng(index);
    }
    built.popups.open(at, offsetY, (container) => ({ index, container }));
  }

  host(overlay: MapOverlay<never>): () => void {
    this.hosted.add(overlay);
    const m = this.built?.frame.map;
    if (m) overlay.attach(m);
    return () => {
      if (!this.hosted.delete(overlay)) return;
      if (this.built) overlay.detach();
    };
  }

  pinsInView(bounds: MapViewState['bounds'], max: number): { id: string; name: string }[] {
    return this.built ? this.built.pins.inView(bounds, max) : [];
  }

  openPin(id: string): boolean {
    const built = this.built;
    const at = built?.pins.latLngOf(id);
    if (!built || !at) return false;
    const m = built.frame.map;
    if (!m.getBounds().contains(at)) m.panTo(at, { animate: false });
    built.popups.open(at, -24, (container) => ({ pinId: id, container }));
    return true;
  }

  /** Places the open popup again after its content changed size. */
  relayoutPopup = () => {
    this.built?.popups.relayout();
  };

  closePopup() {
    this.built?.popups.close();
  }

  focusMap() {
    this.built?.frame.map.getContainer().focus();
  }

  flyToMarker(id: string): boolean {
    const m = this.built?.frame.map;
    const layers = this.built?.markers;
    const s = layers?.store;
    if (!m || !layers || !s) return false;
    const i = s.indexOf(id);
    if (i < 0) return false;
    const bounds = s.kind[i] === MarkerKind.Path ? layers.paths.boundsOf(i) : undefined;
    if (bounds) m.flyToBounds(bounds.pad(0.5), { duration: 0.6 });
    else m.flyTo(s.latLng(i), Math.max(m.getZoom(), m.getMaxZoom() - 1), { duration: 0.6 });
    layers.setHighlight(i);
    return true;
  }

  redrawMarker(id: string) {
    const layers = this.built?.markers;
    const i = layers?.store ? layers.store.indexOf(id) : -1;
    if (layers && i >= 0) layers.redrawMarker(i);
  }

  viewCentre(): Point | undefined {
    return this.built?.coords.centre();
  }

  centreOn(pixel: Point) {
    this.built?.coords.centreOn(pixel);
  }

  centreMarker(id: string) {
    const m = this.built?.frame.map;
    const layers = this.built?.markers;
    const i = layers?.store ? layers.store.indexOf(id) : -1;
    if (!m || !layers?.store || i < 0) return;
    this.centring = true;
    m.panTo(layers.store.latLng(i));
    layers.setHighlight(i);
  }

  openMarker(id: string): boolean {
    const store = this.built?.markers.store;
    const i = store ? store.indexOf(id) : -1;
    if (!store || i < 0 || store.visible[i] !== Shown.Yes) return false;
    this.open(i);
    return true;
  }
}
