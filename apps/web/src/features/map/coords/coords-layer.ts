import type { Point } from '@waypoint/shared/map/coords';
import { latLngToPixel, pixelToLatLng } from '@waypoint/shared/map/pixels';
import L from 'leaflet';
import type { MapOverlay } from '../overlay.ts';

/** What the coordinates layer draws: the measured line's points and the place gone to, in map pixels. */
export interface CoordsLayerInput {
  points: readonly Point[];
  target: Point | undefined;
  /** The map's top zoom: one map unit is 2^maxZoom pixels. */
  maxZoom: number;
  /** Where the pointer is over the map, or the map's centre while it is not (`centre`). */
  onPointer: (pixel: Point, centre: boolean) => void;
}

const lineStyle: L.PolylineOptions = {
  color: '#111827',
  weight: 5,
  opacity: 0.55,
  interactive: false,
  lineCap: 'round',
};

/**
 * The map's coordinates: reports the map pixel under the pointer (the centre while the pointer is
 * elsewhere, so touch screens and keyboards read the centre), draws the measured line with its
 * points and marks the place "Go to" centred on. Nothing of it takes clicks: every click on the map
 * while measuring adds a point.
 */
export class CoordsLayer implements MapOverlay<CoordsLayerInput | undefined> {
  private readonly group = L.layerGroup();
  private map?: L.Map;
  private input?: CoordsLayerInput;
  private over = false;
  /** A touch screen sends a tap's mouse events too: there, the readout keeps to the centre. */
  private readonly hover = window.matchMedia('(hover: hover)').matches;
  /** The place last centred on, and the centre Leaflet made of it. */
  private centredOn?: { pixel: Point; at: L.LatLng };

  attach(map: L.Map) {
    this.map = map;
    this.group.addTo(map);
    map.on('mousemove', this.onMove);
    map.on('mouseout', this.onOut);
    map.on('moveend', this.onView);
  }

  detach() {
    this.map?.off('mousemove', this.onMove).off('mouseout', this.onOut).off('moveend', this.onView);
    this.group.remove();
    this.map = undefined;
  }

  set(input: CoordsLayerInput | undefined) {
    const before = this.input;
    this.input = input;
    if (input && before?.onPointer !== input.onPointer) this.onView();
    if (
      before?.points === input?.points &&
      before?.target === input?.target &&
      before?.maxZoom === input?.maxZoom
    )
      return;
    this.group.clearLayers();
    if (!input) return;
    const at = (p: Point) => {
      const { lat, lng } = pixelToLatLng(p.x, p.y, input.maxZoom);
      return L.latLng(lat, lng);
    };
    if (input.target) {
      const t = at(input.target);
      this.group.addLayer(
        L.circleMarker(t, { radius: 11, color: '#fff', weight: 3, fill: false, interactive: false }),
      );
      this.group.addLayer(
        L.circleMarker(t, {
          radius: 11,
          color: '#e8590c',
          weight: 2,
          fillColor: '#e8590c',
          fillOpacity: 0.25,
          interactive: false,
          className: 'wp-goto-mark',
        }),
      );
    }
    const latlngs = input.points.map(at);
    if (latlngs.length > 1) {
      this.group.addLayer(L.polyline(latlngs, { ...lineStyle, color: '#fff', weight: 7, opacity: 0.9 }));
      this.group.addLayer(
        L.polyline(latlngs, { ...lineStyle, color: '#1971c2', weight: 3, opacity: 1, dashArray: '8 6' }),
      );
    }
    latlngs.forEach((p, n) => {
      this.group.addLayer(
        L.circleMarker(p, {
          radius: n === latlngs.length - 1 ? 6 : 5,
          color: '#1971c2',
          weight: 2,
          fillColor: '#fff',
          fillOpacity: 1,
          interactive: false,
          className: 'wp-measure-point',
        }),
      );
    });
  }

  /** Centres the view on a map pixel, zooming in to at least the map's middle zoom. */
  centreOn(pixel: Point) {
    const m = this.map;
    if (!m) return;
    const { lat, lng } = pixelToLatLng(pixel.x, pixel.y, m.getMaxZoom());
    const middle = (m.getMinZoom() + m.getMaxZoom()) / 2;
    m.setView([lat, lng], Math.max(m.getZoom(), middle), { animate: false });
    this.centredOn = { pixel, at: m.getCenter() };
    this.onView();
  }

  /** The map pixel at the view's centre. */
  centre(): Point | undefined {
    const m = this.map;
    if (!m) return undefined;
    const c = m.getCenter();
    // Leaflet keeps the view on whole screen pixels: while the centre is still the screen pixel of
    // the place last centred on, it is that place, exactly.
    const last = this.centredOn;
    if (last && m.project(c).distanceTo(m.project(last.at)) < 1) return last.pixel;
    return latLngToPixel(c.lat, c.lng, m.getMaxZoom());
  }

  private pixelOf(latlng: L.LatLng): Point {
    return latLngToPixel(latlng.lat, latlng.lng, this.map?.getMaxZoom() ?? 0);
  }

  private onMove = (e: L.LeafletMouseEvent) => {
    if (!this.hover) return;
    this.over = true;
    this.input?.onPointer(this.pixelOf(e.latlng), false);
  };

  private onOut = () => {
    this.over = false;
    this.onView();
  };

  private onView = () => {
    const centre = this.centre();
    if (!centre || this.over || !this.input) return;
    this.input.onPointer(centre, true);
  };
}
