import { constants } from '@waypoint/shared/constants';
import { safeColour } from '@waypoint/shared/map/palette';
import { parseMapView, withMapView } from '@waypoint/shared/map/view-url';
import type { TMap } from '@waypoint/shared/models/types';
import type * as Leaflet from 'leaflet';
import { type ReactNode, useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { config } from '../../app/config.ts';
import { useSafeMarkerColours } from '../../app/display.ts';
import { contentLang } from '../../i18n/content.ts';
import { mapMessages } from '../../i18n/messages/map-messages.ts';
import { messages } from '../../i18n/messages/messages.ts';
import { getConsent } from '../consent/consent.ts';
import { chunkLoaderOf } from './chunk-loader.ts';
import type { DrawingShape, DrawLayer } from './layers/draw-layer.ts';
import type { HtmlMarkerLayer } from './layers/html-layer.ts';
import type { SpriteCache } from './layers/icons.ts';
import type { ExtraMarker, MarkerCanvasLayer } from './layers/marker-canvas-layer.ts';
import { MarkerKind, type MarkerStore } from './layers/marker-store.ts';
import type { PathLayer } from './layers/path-layer.ts';
import { escapeText, loadPurify } from './layers/sanitize.ts';
import classes from './map.module.css';
import { openInAppUrl, tileGrid, tileTemplate } from './map-geometry.ts';

type MapEngine = typeof import('./map-engine.ts');

/** The drawing code, once loaded: a map opened later in the visit starts with it at once. */
let loadedEngine: MapEngine | undefined;
let loadingEngine: Promise<MapEngine> | undefined;

/**
 * Loads the map's drawing code (Leaflet, the marker layers). With `afterPaint`, only after the page's
 * next paint: the frame of the page, its panels and its dialogs show first, the map is built in the
 * tasks after.
 */
export function loadMapEngine(afterPaint: boolean): Promise<MapEngine> {
  if (loadedEngine) return Promise.resolve(loadedEngine);
  if (loadingEngine) return loadingEngine;
  const loading = new Promise<void>((resolve) => {
    if (!afterPaint) {
      resolve();
      return;
    }
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      resolve();
    };
    // The frame after the next one has been painted; a hidden page (no frames) goes on after a while.
    requestAnimationFrame(() => setTimeout(start, 0));
    setTimeout(start, 250);
  })
    .then(() => import('./map-engine.ts'))
    .then(
      (engine) => {
        loadedEngine = engine;
        return engine;
      },
      (error: unknown) => {
        // A failed load (offline, a new version) is tried again by the next map.
        loadingEngine = undefined;
        throw error;
      },
    );
  // A first visit's wait for the paint is not shared: a later call may start at once.
  if (!afterPaint) loadingEngine = loading;
  return loading;
}

// A visitor who has answered the consent question sees the tiles as the largest paint: the map's
// code is asked for with the page's own code, not after the map data.
if (getConsent() !== null) void loadMapEngine(false);

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

interface Props {
  map: TMap;
  gameId: string;
  store: MarkerStore | undefined;
  /** Changes whenever the store's visible flags changed. */
  visibility: number;
  /** Changes whenever the store's completed flags changed. */
  completion: number;
  /** Links leave in a new tab (embedded map). */
  embedded: boolean;
  /** Popup content; `relayout` places the popup again after its content changed size. */
  renderPopup: (index: number, relayout: () => void) => ReactNode;
  controller: React.Ref<MapController>;
  /** The polygon or route being drawn, shown over the map. */
  drawing?: DrawingShape;
  tools?: MapPointerTools;
  /** Panels drawn over the map (the suggestion tools). */
  overlay?: ReactNode;
  /**
   * The marker layers are on the map (true) or gone (false): markers can be flown to and opened
   * from then on. The map is built after the page's first paint, often after the marker data.
   */
  onLayers?: (ready: boolean) => void;
  /** A large map's chunks arrived (`complete`: the last one); a failed load says so with `error`. */
  onChunks?: (complete: boolean, error?: unknown) => void;
}

interface Layers {
  markers: MarkerCanvasLayer;
  paths: PathLayer;
  html: HtmlMarkerLayer;
  sprites: SpriteCache;
}

/** The map's author as attribution HTML: plain text, escaped, with its http(s) link. */
function authorAttribution(map: TMap): string {
  if (!map.authorName) return '';
  const name = escapeText(messages.byAuthor(map.authorName));
  const link = map.authorLink && /^https?:\/\//.test(map.authorLink) ? map.authorLink : '';
  return link ? `<a href="${encodeURI(link)}" target="_blank" rel="noopener">${name}</a>` : name;
}

/**
 * The Leaflet map of one game map: tiles over a neutral background (tiles may be missing while
 * the map image is processed), the marker canvas, paths, HTML markers and one popup at a time.
 */
export function MapView({
  map,
  gameId,
  store,
  visibility,
  completion,
  embedded,
  renderPopup,
  controller,
  drawing,
  tools,
  overlay,
  onLayers,
  onChunks,
}: Props) {
  const element = useRef<HTMLDivElement>(null);
  const leaflet = useRef<Leaflet.Map | undefined>(undefined);
  const [engine, setEngine] = useState(loadedEngine);
  const layers = useRef<Layers | undefined>(undefined);
  /** The layers were made in this commit and drew with the store's flags as they are. */
  const layersFresh = useRef(false);
  const safeColours = useSafeMarkerColours();
  const [popup, setPopup] = useState<{ index: number; container: HTMLElement } | undefined>();
  const popupLayer = useRef<Leaflet.Popup | undefined>(undefined);
  const tooltip = useRef<Leaflet.Tooltip | undefined>(undefined);
  const storeRef = useRef(store);
  storeRef.current = store;
  const toolsRef = useRef(tools);
  toolsRef.current = tools;
  const onLayersRef = useRef(onLayers);
  onLayersRef.current = onLayers;
  const onChunksRef = useRef(onChunks);
  onChunksRef.current = onChunks;
  const relayout = useCallback(() => popupLayer.current?.update(), []);
  const drawLayer = useRef<DrawLayer | undefined>(undefined);
  const openRef = useRef<((index: number) => void) | undefined>(undefined);
  const mapRef = useRef(map);
  mapRef.current = map;
  /** The tile layer and the address it loads from. */
  const tileLayer = useRef<{ layer: Leaflet.TileLayer; url: string } | undefined>(undefined);
  // The map is made again only when its frame changes (another map, another picture size or zoom
  // range, another author line). A new picture version of the same frame, for instance the tiles of a
  // map that was still being prepared, only changes the tiles' address: open popups and the view stay.
  const image = map.images?.mapImage;
  const frameKey = JSON.stringify([
    gameId,
    map._id,
    image?.imageWidth,
    image?.imageHeight,
    map.maxZoom,
    map.attribution,
    map.authorName,
    map.authorLink,
  ]);
  const tileUrl = tileTemplate(config.imageHost, map, gameId);

  // A first visit's largest paint is the consent question (not on embedded maps): the map is built
  // after it. Otherwise the tiles are the largest paint, and the map is built at once.
  const askingConsent = !embedded && getConsent() === null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: how to load is decided on the first load
  useEffect(() => {
    if (engine) return;
    let live = true;
    void loadMapEngine(askingConsent).then((loaded) => {
      if (live) setEngine(loaded);
    });
    return () => {
      live = false;
    };
  }, [engine]);

  // The map itself, made once per game map frame.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `frameKey` stands for the map's frame
  useEffect(() => {
    const el = element.current;
    if (!el || !engine) return;
    const { L, DrawLayer } = engine;
    const map = mapRef.current;
    const frame = engine.mapFrame(map);
    const m = L.map(el, {
      crs: L.CRS.Simple,
      zoomDelta: constants.mapZoomDelta,
      zoomSnap: constants.mapZoomSnap,
      maxZoom: frame.maxZoom,
      attributionControl: true,
      zoomControl: false,
      maxBoundsViscosity: 0.8,
      // Tiles show as they arrive: a fade re-styles every arriving tile on each frame for 200 ms, long
      // tasks on a phone while the map loads (Lighthouse mobile, docs/benchmarks.md).
      fadeAnimation: false,
    });
    m.attributionControl.setPrefix(false);
    // The attribution is the map's own (content); the zoom buttons speak the interface language.
    m.attributionControl.getContainer()?.setAttribute('lang', contentLang);
    L.control.zoom({ zoomInTitle: mapMessages.zoomIn, zoomOutTitle: mapMessages.zoomOut }).addTo(m);
    // Zooming out stops at the whole picture. On a phone the first view fills the screen (the
    // picture covers the map's longer side and pans along it) instead of leaving bands of backdrop;
    // wider screens start with the whole picture in view.
    const fit = m.getBoundsZoom(frame.bounds, false);
    const cover = Math.min(m.getBoundsZoom(frame.bounds, window.innerWidth <= 768), frame.maxZoom);
    m.setMinZoom(Math.min(fit, frame.maxZoom));
    // A view in the address (reload, back/forward, a shared link) wins over fitting the picture.
    const view = parseMapView(new URLSearchParams(window.location.search), {
      south: frame.bounds.getSouth(),
      west: frame.bounds.getWest(),
      north: frame.bounds.getNorth(),
      east: frame.bounds.getEast(),
      minZoom: m.getMinZoom(),
      maxZoom: frame.maxZoom,
    });
    if (view) m.setView([view.lat, view.lng], view.zoom, { animate: false });
    else m.setView(frame.center, cover, { animate: false });
    m.setMaxBounds(frame.bounds.pad(0.25));
    // The address follows the view without adding history entries.
    const mapPath = window.location.pathname;
    m.on('moveend', () => {
      // Only while this map is the page: a move during leaving must not write into the next page.
      if (leaflet.current !== m || window.location.pathname !== mapPath) return;
      const c = m.getCenter();
      const next = withMapView(window.location.href, { lat: c.lat, lng: c.lng, zoom: m.getZoom() });
      if (next !== window.location.href) window.history.replaceState(window.history.state, '', next);
    });

    const backdrop = m.createPane('wpBackdrop');
    backdrop.style.zIndex = '150';
    L.rectangle(frame.bounds, {
      pane: 'wpBackdrop',
      interactive: false,
      stroke: false,
      fillOpacity: 1,
      className: classes.backdrop,
    }).addTo(m);
    const url = tileTemplate(config.imageHost, map, gameId);
    const tiles = L.tileLayer(url, {
      bounds: frame.bounds,
      noWrap: true,
      ...tileGrid(frame.maxZoom, window.devicePixelRatio),
      maxZoom: frame.maxZoom,
      minZoom: 0,
      attribution: authorAttribution(map),
      className: classes.tiles,
    });
    // Each tile is drawn one pixel larger than its cell and overlaps its neighbours: at fractional
    // zooms the rounded edges of neighbouring tiles otherwise leave hairline seams.
    tiles.on('tileloadstart', (e: Leaflet.TileEvent) => {
      const size = tiles.getTileSize();
      e.tile.style.width = `${size.x + 1}px`;
      e.tile.style.height = `${size.y + 1}px`;
    });
    // Tiles not cut yet: leave the backdrop showing instead of broken images.
    tiles.on('tileerror', (e: Leaflet.TileErrorEvent) => {
      (e.tile as HTMLElement).style.visibility = 'hidden';
    });
    tiles.addTo(m);
    tileLayer.current = { layer: tiles, url };
    // The map's own attribution is stored HTML: shown once the sanitizer has loaded.
    if (map.attribution) {
      void loadPurify().then((purify) => {
        if (leaflet.current === m)
          m.attributionControl.addAttribution(purify.sanitize(map.attribution ?? ''));
      });
    }

    const OpenInApp = L.Control.extend({
      onAdd() {
        const a = L.DomUtil.create('a', `leaflet-bar ${classes.openInApp}`);
        a.href = openInAppUrl(gameId, map._id);
        a.textContent = mapMessages.openInApp;
        a.setAttribute('data-testid', 'open-in-app');
        // When the app opens, this window loses the focus or is hidden. When neither happens soon,
        // the app is not installed: the promo page says so and offers it.
        a.addEventListener('click', () => {
          let opened = false;
          const away = () => {
            opened = true;
          };
          window.addEventListener('blur', away, { once: true });
          document.addEventListener('visibilitychange', away, { once: true });
          window.setTimeout(() => {
            window.removeEventListener('blur', away);
            document.removeEventListener('visibilitychange', away);
            if (!opened && leaflet.current === m)
              window.location.assign(`/game/${encodeURIComponent(gameId)}/ingameMapApp?notInstalled=1`);
          }, 1500);
        });
        return a;
      },
    });
    new OpenInApp({ position: 'bottomleft' }).addTo(m);

    // Sidebars opening and closing change the map's size.
    const resize = new ResizeObserver(() => m.invalidateSize({ pan: false }));
    resize.observe(el);

    m.on('click', (e: Leaflet.LeafletMouseEvent) =>
      toolsRef.current?.onMapClick?.(e.latlng.lat, e.latlng.lng),
    );
    drawLayer.current = new DrawLayer().addTo(m);

    tooltip.current = L.tooltip({ direction: 'top', offset: [0, -4], className: classes.tooltip });
    leaflet.current = m;
    el.dataset.ready = 'true';
    // When the map could first draw markers (bench:map measures drawing from here or the data).
    performance.mark('waypoint:map-built');
    return () => {
      resize.disconnect();
      layers.current?.markers.remove();
      layers.current?.paths.remove();
      layers.current?.html.remove();
      layers.current = undefined;
      drawLayer.current?.remove();
      drawLayer.current = undefined;
      m.remove();
      leaflet.current = undefined;
      tileLayer.current = undefined;
      delete el.dataset.ready;
    };
  }, [frameKey, engine]);

  // A new picture of the same frame: the tiles are fetched again from their new address.
  useEffect(() => {
    const current = tileLayer.current;
    const m = leaflet.current;
    if (!current || !m || current.url === tileUrl) return;
    current.url = tileUrl;
    const tiles = current.layer;
    // Taken off and put back rather than `redraw()`: Leaflet's redraw asks for tiles at the
    // fractional zoom itself (1.59/…), where adding the layer rounds it as every other update does.
    tiles.setUrl(tileUrl, true);
    tiles.remove();
    tiles.addTo(m);
  }, [tileUrl]);

  // Marker layers, made once the marker data and the map are there.
  // The map effect above runs on `frameKey` and `engine`; the effects below list them too, so that they
  // run in the same commit as each new map (after it, in declaration order) and once per map.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the layers are made again with the map (`frameKey`, `engine`)
  useEffect(() => {
    const m = leaflet.current;
    if (!m || !store || !engine) return;
    const { L, SpriteCache, MarkerCanvasLayer, PathLayer, HtmlMarkerLayer } = engine;
    const open = (index: number, latlng?: Leaflet.LatLng) => {
      if (tooltip.current) m.closeTooltip(tooltip.current);
      if (toolsRef.current?.onMarker?.(index)) return;
      // While placing, a click on a marker or shape places (a corner) there instead of opening it.
      if (toolsRef.current?.placing && latlng) {
        toolsRef.current.onMapClick?.(latlng.lat, latlng.lng);
        return;
      }
      const container = document.createElement('div');
      const p = L.popup({
        maxWidth: 301,
        minWidth: 301,
        className: classes.popup,
        autoPanPaddingTopLeft: [20, 60],
        offset: [0, 7],
      });
      let at = latlng ?? L.latLng(store.latLng(index));
      if (store.kind[index] === MarkerKind.Icon) {
        const sprite = sprites.get(store.def[index]);
        p.options.offset = [0, 7 - sprite.anchorY];
        at = L.latLng(store.latLng(index));
      }
      p.setLatLng(at).setContent(container);
      p.on('remove', () => setPopup((cur) => (cur?.container === container ? undefined : cur)));
      popupLayer.current = p;
      m.openPopup(p);
      setPopup({ index, container });
    };
    const sprites = new SpriteCache(store.definitions, () => markers.redraw());
    const markers = new MarkerCanvasLayer({
      store,
      sprites,
      clusterBelowZoom: Math.max(m.getMinZoom() + 0.75, (mapRef.current.maxZoom ?? 0) - 1.5),
      completedOpacity: constants.completedMarkerOpacity,
      onMarkerClick: (i) => open(i),
      onDrop: (i, lat, lng) => toolsRef.current?.onDrop?.(i, lat, lng),
      onHover: (i) => {
        const t = tooltip.current;
        if (!t) return;
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
    markers.addTo(m);
    layers.current = { markers, paths, html, sprites };
    layersFresh.current = true;
    openRef.current = (i) => open(i);
    (window as unknown as { __waypointMap?: unknown }).__waypointMap = { map: m, markers, store };
    onLayersRef.current?.(true);
    return () => {
      onLayersRef.current?.(false);
      // A map made again took its layers with it.
      if (leaflet.current !== m) return;
      markers.remove();
      paths.remove();
      html.remove();
      if (popupLayer.current) m.closePopup(popupLayer.current);
      layers.current = undefined;
    };
  }, [store, frameKey, engine]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the draw layer is made with the map (`frameKey`, `engine`)
  useEffect(() => {
    drawLayer.current?.set(drawing);
  }, [drawing, frameKey, engine]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the layers are made again with the store
  useEffect(() => {
    const sprites = layers.current?.sprites;
    if (safeColours) sprites?.recolour(safeColour);
    else if (sprites?.recoloured) sprites.recolour();
  }, [safeColours, store, frameKey, engine]);

  // A large map's chunks: those in view first, each drawn as it arrives (one redraw a frame).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the layers are made again with the store
  useEffect(() => {
    const loader = chunkLoaderOf(store?.data);
    const m = leaflet.current;
    if (!store || !loader || !m) return;
    let stopped = false;
    // Chunks loaded while another store was shown.
    const { chunks } = loader.data.chunks;
    let filled = false;
    chunks.forEach((c, n) => {
      if (loader.isLoaded(n) && c.count > 0 && !store.loaded[c.start]) {
        store.fillRange(c.start, c.count);
        filled = true;
      }
    });
    const htmlShown = store.definitions.some((d) => d.markerDefinitionType === 'HTML');
    let tick = 0;
    let told = performance.now();
    const changed = (points: boolean, rows?: { start: number; count: number }) => {
      const l = layers.current;
      if (!l) return;
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
      tick = requestAnimationFrame(() => onChunksRef.current?.(loader.complete));
    };
    // Rows came in, or every chunk was in before this store: the layers and the page follow.
    if (filled || loader.complete) changed(true);
    const view = m.getBounds();
    loader
      .load(
        loader.order(view.getNorth(), view.getSouth()),
        (chunk) => {
          store.fillChunk(chunk, store.data.markers === loader.data.markers);
          changed(Boolean(chunk.extras.points), chunk);
        },
        () => stopped,
      )
      .catch((error: unknown) => {
        if (!stopped) onChunksRef.current?.(false, error);
      });
    return () => {
      stopped = true;
      cancelAnimationFrame(tick);
    };
  }, [store, frameKey, engine]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `visibility` says the store's flags changed
  useEffect(() => {
    const l = layers.current;
    if (!l) return;
    l.paths.sync();
    l.html.sync();
    // A canvas made in this commit drew with these flags already.
    if (!layersFresh.current) l.markers.refresh();
  }, [visibility, store, frameKey, engine]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the layers are made again with the store
  useEffect(() => {
    layers.current?.markers.setDragging(Boolean(tools?.dragging));
    layers.current?.markers.setPassClicks(Boolean(tools?.placing));
    layers.current?.markers.setExtras(tools?.extras ?? []);
  }, [tools?.dragging, tools?.placing, tools?.extras, store, frameKey, engine]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `completion` says the store's flags changed
  useEffect(() => {
    const l = layers.current;
    if (!l) return;
    l.paths.restyle();
    l.html.restyle();
    if (!layersFresh.current) l.markers.redraw();
  }, [completion, store, frameKey, engine]);

  // Declared last: after this commit's effects, the layers are no longer new.
  useEffect(() => {
    layersFresh.current = false;
  });

  useImperativeHandle(
    controller,
    () => ({
      flyToMarker(id) {
        const m = leaflet.current;
        const s = storeRef.current;
        const l = layers.current;
        if (!m || !s || !l) return false;
        const i = s.indexOf(id);
        if (i < 0) return false;
        const bounds = s.kind[i] === MarkerKind.Path ? l.paths.boundsOf(i) : undefined;
        if (bounds) m.flyToBounds(bounds.pad(0.5), { duration: 0.6 });
        else m.flyTo(s.latLng(i), Math.max(m.getZoom(), m.getMaxZoom() - 1), { duration: 0.6 });
        l.markers.setHighlight(i);
        return true;
      },
      redrawMarker(id) {
        const s = storeRef.current;
        const l = layers.current;
        if (!s || !l) return;
        const i = s.indexOf(id);
        if (i < 0) return;
        if (s.kind[i] === MarkerKind.Path) l.paths.redrawMarker(i);
        else if (s.kind[i] === MarkerKind.Html) l.html.redrawMarker(i);
        else l.markers.redrawMarker(i);
      },
      leaflet: () => leaflet.current,
      centreMarker(id) {
        const m = leaflet.current;
        const s = storeRef.current;
        const i = s ? s.indexOf(id) : -1;
        if (!m || !s || i < 0) return;
        m.panTo(s.latLng(i));
        layers.current?.markers.setHighlight(i);
      },
      openMarker(id) {
        const s = storeRef.current;
        const i = s ? s.indexOf(id) : -1;
        if (!s || i < 0 || !s.visible[i] || !openRef.current) return false;
        openRef.current(i);
        return true;
      },
    }),
    [],
  );

  return (
    <div className={classes.mapArea}>
      <div
        ref={element}
        className={classes.map}
        data-testid="map"
        data-embedded={embedded || undefined}
        role="application"
        aria-label={mapMessages.mapOf(map.name)}
      />
      {overlay}
      {popup ? createPortal(renderPopup(popup.index, relayout), popup.container) : null}
    </div>
  );
}
