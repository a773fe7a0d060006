import type { MapLevelInfo } from '@waypoint/shared/map/levels';
import { tileAddressTemplate } from '@waypoint/shared/map/tile-address';
import type { TMap } from '@waypoint/shared/models/types';
import { config } from '../../app/config.ts';

/**
 * Tile grid of the map's tile layer. On HiDPI screens (2× and more) the next zoom's tiles are drawn
 * at half size, so that one tile pixel is one screen pixel; the top zoom has no next level, so its
 * tiles are scaled up by Leaflet (maxNativeZoom) and no zoom beyond the map's maxZoom is asked for.
 */
export function tileGrid(maxZoom: number, pixelRatio: number) {
  const hiDpi = pixelRatio >= 1.5 && maxZoom > 0;
  return {
    tileSize: hiDpi ? 128 : 256,
    zoomOffset: hiDpi ? 1 : 0,
    maxNativeZoom: hiDpi ? maxZoom - 1 : maxZoom,
  };
}

/** Address template of the map's tiles. */
export function tileTemplate(imageHost: string, map: TMap, gameId: string): string {
  return tileAddressTemplate(
    imageHost,
    map.tilesPath || `${gameId}/${map._id}`,
    map.images?.mapImage?.version,
  );
}

/** Address template of a floor's own tiles. */
export function levelTileTemplate(imageHost: string, level: MapLevelInfo): string {
  return tileAddressTemplate(imageHost, level.tilesPath, level.version);
}

/** Deep link that opens the map in the desktop app (APP_URL_SCHEME). */
export function openInAppUrl(gameId: string, mapId: string): string {
  const scheme = config.appUrlScheme;
  return `${scheme}://game/${encodeURIComponent(gameId)}/maps/${encodeURIComponent(mapId)}`;
}
