import { constants } from '@waypoint/shared/constants';
import { mapTilesReady } from '@waypoint/shared/map/preparing';
import { parseMapView, withMapView } from '@waypoint/shared/map/view-url';
import type { TMap } from '@waypoint/shared/models/types';
import type * as Leaflet from 'leaflet';
import { config } from '../../app/config.ts';
import { contentLang } from '../../i18n/content.ts';
import { mapMessages } from '../../i18n/messages/map-messages.ts';
import { messages } from '../../i18n/messages/messages.ts';
import { escapeText, loadPurify } from './layers/sanitize.ts';
import classes from './map.module.css';
import type { MapEngine } from './map-engine-loader.ts';
import { openInAppUrl, tileGrid, tileTemplate } from './map-geometry.ts';

/**
 * What makes a map's frame: another map, another picture size or zoom range, another author line.
 * A new picture version of the same frame (the tiles of a map that was still being prepared) only
 * changes the tiles' address: open popups and the view stay.
 */
export function frameKeyOf(map: TMap, gameId: string): string {
  const image = map.images?.mapImage;
  return JSON.stringify([
    gameId,
    map._id,
    image?.imageWidth,
    image?.imageHeight,
    map.maxZoom,
    map.attribution,
    map.authorName,
    map.authorLink,
  ]);
}

/** The map's author as attribution HTML: plain text, escaped, with its http(s) link. */
function authorAttribution(map: TMap): string {
  if (!map.authorName) return '';
  const name = escapeText(messages.byAuthor(map.authorName));
  const link = map.authorLink && /^https?:\/\//.test(map.authorLink) ? map.authorLink : '';
  return link ? `<a href="${encodeURI(link)}" target="_blank" rel="noopener">${name}</a>` : name;
}

/** A built map frame: the Leaflet map, its tiles and what must be undone when it goes. */
export interface MapFrame {
  map: Leaflet.Map;
  /** `shown`: the layer is on the map (only once the map has tiles: `mapTilesReady`). */
  tiles: { layer: Leaflet.TileLayer; url: string; shown: boolean };
  remove(): void;
}

/**
 * The Leaflet map of one game map's frame: tiles over a neutral background (tiles may be missing while
 * the map image is processed), the zoom and 'open in app' controls, the view kept in the address.
 * `isCurrent` answers whether this map is still the one shown (late callbacks do nothing otherwise).
 */
export function buildMapFrame(
  engine: MapEngine,
  el: HTMLElement,
  map: TMap,
  gameId: string,
  isCurrent: (m: Leaflet.Map) => boolean,
): MapFrame {
  const { L } = engine;
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
    if (!isCurrent(m) || window.location.pathname !== mapPath) return;
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
  const shown = mapTilesReady(map);
  if (shown) tiles.addTo(m);
  // The map's own attribution is stored HTML: shown once the sanitizer has loaded.
  if (map.attribution) {
    void loadPurify().then((purify) => {
      if (isCurrent(m)) m.attributionControl.addAttribution(purify.sanitize(map.attribution ?? ''));
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
          if (!opened && isCurrent(m))
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
  // A long attribution wraps onto several lines: the page's controls at the map's bottom stand on its
  // height (`--wp-attribution`) instead of a guess of one line, so it never covers them.
  const page = el.parentElement?.parentElement;
  const attribution = m.attributionControl.getContainer();
  const onAttribution = new ResizeObserver(() => {
    page?.style.setProperty('--wp-attribution', `${attribution?.offsetHeight ?? 0}px`);
  });
  if (attribution) onAttribution.observe(attribution);
  return {
    map: m,
    tiles: { layer: tiles, url, shown },
    remove() {
      resize.disconnect();
      onAttribution.disconnect();
      page?.style.removeProperty('--wp-attribution');
      m.remove();
    },
  };
}

/**
 * A new picture of the same frame, or its tiles just cut: the tiles are fetched (again) from their
 * address; a map without tiles asks for none.
 */
export function setTileUrl(m: Leaflet.Map, tiles: MapFrame['tiles'], url: string, ready: boolean) {
  if (!ready) {
    if (tiles.shown) tiles.layer.remove();
    tiles.shown = false;
    return;
  }
  if (tiles.url === url && tiles.shown) return;
  tiles.url = url;
  tiles.shown = true;
  // Taken off and put back rather than `redraw()`: Leaflet's redraw asks for tiles at the
  // fractional zoom itself (1.59/…), where adding the layer rounds it as every other update does.
  tiles.layer.setUrl(url, true);
  tiles.layer.remove();
  tiles.layer.addTo(m);
}
