import { safeColour } from '@waypoint/shared/map/palette';
import type * as Leaflet from 'leaflet';
import type { ChunkTargets } from './chunk-feed.ts';
import type { HtmlMarkerLayer } from './layers/html-layer.ts';
import type { SpriteCache } from './layers/icons.ts';
import type { MarkerCanvasLayer } from './layers/marker-canvas-layer.ts';
import { MarkerKind, type MarkerStore } from './layers/marker-store.ts';
import type { PathLayer } from './layers/path-layer.ts';
import classes from './map.module.css';
import type { MapEngine } from './map-engine-loader.ts';
import type { MapPointerTools } from './map-input.ts';
import type { MapOverlay } from './overlay.ts';
import { probeLayers } from './probe.ts';

export interface MarkerLayersOptions {
  clusterBelowZoom: number;
  completedOpacity: number;
  /** A marker (or a shape, at `latlng`) was clicked. */
  open: (index: number, latlng?: Leaflet.LatLng) => void;
  onDrop: (index: number, lat: number, lng: number) => void;
}

/** The store's icon markers on their canvas, with the sprites and tooltip made for that store. */
interface ForStore {
  store: MarkerStore;
  sprites: SpriteCache;
  canvas: MarkerCanvasLayer;
  unsubscribe: () => void;
}

/**
 * The markers of one store: icons on the marker canvas (made again for each store), polygons and
 * routes (`paths`) and HTML markers (`html`), which are overlays of their own. The canvas follows the
 * store's flags, the colour-blind palette (`setSafeColours`) and the pointer tools (`setTools`).
 */
export class MarkerLayers implements MapOverlay<MarkerStore | undefined> {
  readonly paths: PathLayer;
  readonly html: HtmlMarkerLayer;
  private map?: Leaflet.Map;
  private current?: ForStore;
  private safe = false;
  private tools?: MapPointerTools;
  private readonly tooltip: Leaflet.Tooltip;

  constructor(
    private readonly engine: MapEngine,
    private readonly opts: MarkerLayersOptions,
  ) {
    this.paths = new engine.PathLayer((i, latlng) => opts.open(i, latlng));
    this.html = new engine.HtmlMarkerLayer((i) => opts.open(i));
    this.tooltip = engine.L.tooltip({ direction: 'top', offset: [0, -4], className: classes.tooltip });
  }

  get store(): MarkerStore | undefined {
    return this.current?.store;
  }

  attach(map: Leaflet.Map) {
    this.map = map;
  }

  detach() {
    this.set(undefined);
    this.map = undefined;
  }

  set(store: MarkerStore | undefined) {
    const before = this.current;
    if (before?.store === store) return;
    if (before) {
      before.unsubscribe();
      before.canvas.remove();
      this.current = undefined;
    }
    const m = this.map;
    if (!store || !m) return;
    const { SpriteCache, MarkerCanvasLayer } = this.engine;
    const sprites = new SpriteCache(store.definitions, () => canvas.redraw());
    const canvas = new MarkerCanvasLayer({
      store,
      sprites,
      clusterBelowZoom: this.opts.clusterBelowZoom,
      completedOpacity: this.opts.completedOpacity,
      onMarkerClick: (i) => this.opts.open(i),
      onDrop: this.opts.onDrop,
      onHover: (i) => this.hover(i),
    });
    const unsubscribe = store.subscribe((change) => {
      if (change.visible) canvas.refresh();
      if (change.completed) canvas.redraw();
      const i = change.reported;
      if (i !== undefined && store.kind[i] === MarkerKind.Icon) canvas.redrawMarker(i);
    });
    this.current = { store, sprites, canvas, unsubscribe };
    if (this.safe) sprites.recolour(safeColour);
    this.applyTools();
    if (__WAYPOINT_PROBE__) probeLayers(m, store);
    canvas.addTo(m);
  }

  setSafeColours(safe: boolean) {
    this.safe = safe;
    const sprites = this.current?.sprites;
    if (!sprites) return;
    if (safe) sprites.recolour(safeColour);
    else if (sprites.recoloured) sprites.recolour();
  }

  setTools(tools: MapPointerTools | undefined) {
    this.tools = tools;
    this.applyTools();
  }

  private applyTools() {
    const canvas = this.current?.canvas;
    if (!canvas) return;
    const tools = this.tools;
    canvas.setDragging(Boolean(tools?.dragging));
    canvas.setPassClicks(Boolean(tools?.placing));
    canvas.setExtras(tools?.extras ?? []);
  }

  private hover(i: number | undefined) {
    const m = this.map;
    const c = this.current;
    if (!m || !c) return;
    if (i === undefined) {
      m.closeTooltip(this.tooltip);
      return;
    }
    const sprite = c.sprites.get(c.store.def[i]);
    this.tooltip.options.offset = [0, -sprite.anchorY + 2];
    this.tooltip.setLatLng(c.store.latLng(i)).setContent(c.store.names[i] || c.store.definitionOf(i).name);
    m.openTooltip(this.tooltip);
  }

  hideTooltip() {
    this.map?.closeTooltip(this.tooltip);
  }

  /** How far above its point an icon marker's anchor is, in pixels. */
  anchorY(i: number): number {
    const c = this.current;
    return c ? c.sprites.get(c.store.def[i]).anchorY : 0;
  }

  setHighlight(i: number) {
    this.current?.canvas.setHighlight(i);
  }

  /** Draws one marker again, on whichever layer draws its kind. */
  redrawMarker(i: number) {
    const c = this.current;
    if (!c) return;
    const kind = c.store.kind[i];
    if (kind === MarkerKind.Path) this.paths.redrawMarker(i);
    else if (kind === MarkerKind.Html) this.html.redrawMarker(i);
    else c.canvas.redrawMarker(i);
  }

  /** The layers a large map's chunks are drawn into (only while a store is shown). */
  chunkTargets(): ChunkTargets | undefined {
    const c = this.current;
    return c ? { markers: c.canvas, paths: this.paths, html: this.html } : undefined;
  }
}
