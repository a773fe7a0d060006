import { constants } from '@waypoint/shared/constants';
import { previewShape } from '@waypoint/shared/map/paths';
import type { LatLng } from '@waypoint/shared/map/tools';
import L from 'leaflet';
import type { MapOverlay } from '../overlay.ts';

export interface DrawingShape {
  kind: 'POLYGON' | 'ROUTE';
  points: readonly LatLng[];
  color: string;
}

/**
 * The polygon or route being drawn: its outline in the definition's colour and style (§9) and a
 * handle on each corner. Nothing of it takes clicks, so that every click on the map adds a corner.
 */
export class DrawLayer implements MapOverlay<DrawingShape | undefined> {
  private readonly group = L.layerGroup();

  attach(map: L.Map) {
    this.group.addTo(map);
  }

  detach() {
    this.group.remove();
  }

  set(shape: DrawingShape | undefined) {
    this.group.clearLayers();
    if (!shape) return;
    const { kind, points, color } = shape;
    const latlngs = points.map(([lat, lng]) => L.latLng(lat, lng));
    const form = previewShape(kind, points);
    if (form !== 'none') {
      const { weight, opacity, dashArray } = constants.polygonStyle;
      const style: L.PolylineOptions =
        kind === 'ROUTE'
          ? { color, weight: constants.routeWeight, opacity: 0.9, interactive: false }
          : { color, weight, opacity, dashArray, fillColor: color, fillOpacity: 0.2, interactive: false };
      this.group.addLayer(form === 'polygon' ? L.polygon(latlngs, style) : L.polyline(latlngs, style));
    }
    latlngs.forEach((at, n) => {
      this.group.addLayer(
        L.circleMarker(at, {
          radius: n === latlngs.length - 1 ? 6 : 5,
          color: '#111827',
          weight: 2,
          fillColor: n === latlngs.length - 1 ? color : '#ffffff',
          fillOpacity: 1,
          interactive: false,
          className: 'wp-draw-corner',
        }),
      );
    });
  }
}
