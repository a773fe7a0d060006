import L from 'leaflet';
import type { MapOverlay } from '../overlay.ts';
import { routeCasingStyle as casingStyle, routeLineStyle as lineStyle } from './route-style.ts';

export interface Place {
  lat: number;
  lng: number;
}

/** What the auto route shows: its line (the start, then the stops) and the picked start point. */
export interface RouteDrawing {
  line: readonly Place[] | undefined;
  start: Place | undefined;
}

/**
 * The auto route on the map: its line under the markers, the picked start as a ring, and the click
 * that picks the start. Drawn again on whatever map it is attached to.
 */
export class RouteOverlay implements MapOverlay<RouteDrawing> {
  private map?: L.Map;
  private props: RouteDrawing = { line: undefined, start: undefined };
  private line?: L.LayerGroup;
  private startMark?: L.CircleMarker;
  private onClick?: (e: L.LeafletMouseEvent) => void;

  attach(map: L.Map) {
    this.map = map;
    this.drawLine();
    this.drawStart();
  }

  set(props: RouteDrawing) {
    const before = this.props;
    this.props = props;
    if (props.line !== before.line) this.drawLine();
    if (props.start !== before.start) this.drawStart();
  }

  detach() {
    this.cancelPick();
    this.line?.remove();
    this.line = undefined;
    this.startMark?.remove();
    this.startMark = undefined;
    this.map = undefined;
  }

  /** The next click on the map picks the start; answers false while there is no map. */
  pickStart(onPick: (at: Place) => void): boolean {
    const m = this.map;
    this.cancelPick();
    if (!m) return false;
    const handler = (e: L.LeafletMouseEvent) => {
      this.cancelPick();
      onPick({ lat: e.latlng.lat, lng: e.latlng.lng });
    };
    this.onClick = handler;
    m.on('click', handler);
    return true;
  }

  cancelPick() {
    if (this.onClick) this.map?.off('click', this.onClick);
    this.onClick = undefined;
  }

  private drawLine() {
    this.line?.remove();
    this.line = undefined;
    const points = this.props.line;
    if (!this.map || !points || points.length === 0) return;
    this.line = L.layerGroup([
      L.polyline(points as Place[], casingStyle),
      L.polyline(points as Place[], { ...lineStyle, className: 'wp-route' }),
    ]).addTo(this.map);
  }

  private drawStart() {
    this.startMark?.remove();
    this.startMark = undefined;
    const start = this.props.start;
    if (!this.map || !start) return;
    this.startMark = L.circleMarker(start, {
      radius: 7,
      color: '#ffffff',
      weight: 3,
      fillColor: '#c2410c',
      fillOpacity: 1,
      interactive: false,
      className: 'wp-route-start',
    }).addTo(this.map);
  }
}
