/**
 * The map's drawing code: Leaflet with its stylesheet, the marker layers and the map's frame. The
 * map page loads it after its first paint (MapView), so that the page's frame, panels and consent
 * question are on screen before Leaflet is evaluated; the server fetches it beside the page's code.
 */
import 'leaflet/dist/leaflet.css';
import { mapPictureSize } from '@waypoint/shared/map/pixels';
import type { TMap } from '@waypoint/shared/models/types';
import L from 'leaflet';

export { CoordsLayer } from './coords/coords-layer.ts';
export { DrawLayer } from './layers/draw-layer.ts';
export { HtmlMarkerLayer } from './layers/html-layer.ts';
export { SpriteCache } from './layers/icons.ts';
export { MarkerCanvasLayer } from './layers/marker-canvas-layer.ts';
export { PathLayer } from './layers/path-layer.ts';
export { PinLayer } from './pins/pin-layer.ts';
export { L };

/** Image size and maximum zoom of a map; one map unit is 2^maxZoom image pixels. */
export function mapFrame(map: TMap) {
  const { width, height } = mapPictureSize(map);
  const maxZoom = map.maxZoom ?? 0;
  const unit = 2 ** maxZoom;
  const bounds = L.latLngBounds([-height / unit, 0], [0, width / unit]);
  const center = L.latLng(-height / 2 / unit, width / 2 / unit);
  return { width, height, maxZoom, bounds, center };
}
