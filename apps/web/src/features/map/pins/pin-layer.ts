import { isOnLevel } from '@waypoint/shared/map/levels';
import { pixelToLatLng } from '@waypoint/shared/map/pixels';
import { pinColours } from '@waypoint/shared/pins/limits';
import type { TPin } from '@waypoint/shared/pins/schemas';
import L from 'leaflet';
import { contentLang } from '../../../i18n/content.ts';
import { routeCasingStyle, routeLineStyle } from '../list/route-style.ts';
import type { MapOverlay } from '../overlay.ts';
import { mapProbe } from '../probe.ts';
import { inBounds, type MapViewState } from '../view-store.ts';
import classes from './pins.module.css';

/** What the "My pins" layer shows: the player's pins, on the floor shown, unless hidden. */
export interface PinLayerInput {
  pins: readonly TPin[];
  shown: boolean;
  /** The floor shown (undefined: a map without floors). */
  level: number | undefined;
  knownLevels: ReadonlySet<number>;
  /** The map's top zoom: one map unit is 2^maxZoom pixels. */
  maxZoom: number;
  /** A route shown with the pins (a shared link's): its points in map pixels, on a floor (-1: all). */
  route?: { points: readonly (readonly [number, number])[]; level: number };
}

/**
 * Most pins shown as DOM markers. A DOM marker each is moved on every frame of a zoom, so thousands
 * of them stall the map; above this many, the pins are dots on one canvas instead (opened with a
 * click, or from the marker list).
 */
export const DOM_PINS_MAX = 300;

type Drawn = L.Marker | L.CircleMarker;

/**
 * The player's own pins over the markers: a DOM marker each (focusable, opened with Enter or Space),
 * or a dot each on one canvas when there are more than `DOM_PINS_MAX`; drawn again only when a pin
 * changed. `set` applies the page's pins, floor and visibility.
 */
export class PinLayer implements MapOverlay<PinLayerInput | undefined> {
  private readonly group = L.layerGroup();
  private readonly drawn = new Map<string, { marker: Drawn; pin: TPin }>();
  private maxZoom = 0;
  private dense = false;
  private renderer?: L.Canvas;
  private route?: { input: PinLayerInput['route']; layer: L.LayerGroup };

  constructor(private readonly onOpen: (pinId: string) => void) {}

  attach(map: L.Map) {
    this.group.addTo(map);
  }

  detach() {
    this.group.remove();
    this.renderer?.remove();
    this.renderer = undefined;
    this.drawn.clear();
    this.route = undefined;
  }

  set(input: PinLayerInput | undefined) {
    const wanted = new Map<string, TPin>();
    if (input?.shown) {
      for (const pin of input.pins) {
        if (isOnLevel(pin.level, input.level, input.knownLevels)) wanted.set(pin.id, pin);
      }
    }
    const rescaled = input !== undefined && input.maxZoom !== this.maxZoom;
    if (input) this.maxZoom = input.maxZoom;
    const dense = wanted.size > DOM_PINS_MAX;
    const restyled = dense !== this.dense;
    this.dense = dense;
    for (const [id, { marker, pin }] of this.drawn) {
      const next = wanted.get(id);
      if (next === pin && !rescaled && !restyled) continue;
      this.group.removeLayer(marker);
      this.drawn.delete(id);
    }
    for (const [id, pin] of wanted) {
      if (this.drawn.has(id)) continue;
      const marker = dense ? this.dot(pin) : this.marker(pin);
      this.group.addLayer(marker);
      this.drawn.set(id, { marker, pin });
    }
    this.setRoute(input, rescaled);
    if (__WAYPOINT_PROBE__) mapProbe().pins = this.drawn.size;
  }

  /** The route's line, drawn under the pins, on its floor. */
  private setRoute(input: PinLayerInput | undefined, rescaled: boolean) {
    const route =
      input?.route && isOnLevel(input.route.level, input.level, input.knownLevels) ? input.route : undefined;
    if (this.route && this.route.input === route && !rescaled) return;
    if (this.route) this.group.removeLayer(this.route.layer);
    this.route = undefined;
    if (!route) return;
    const points = route.points.map(([x, y]) => {
      const { lat, lng } = pixelToLatLng(x, y, this.maxZoom);
      return L.latLng(lat, lng);
    });
    const layer = L.layerGroup([
      L.polyline(points, routeCasingStyle),
      L.polyline(points, { ...routeLineStyle, className: 'wp-shared-route' }),
    ]);
    this.group.addLayer(layer);
    this.route = { input: route, layer };
  }

  /** The drawn pins inside `bounds` (at most `max`), for the marker list. */
  inView(bounds: MapViewState['bounds'], max: number): { id: string; name: string }[] {
    const out: { id: string; name: string }[] = [];
    for (const [id, { marker, pin }] of this.drawn) {
      if (out.length >= max) break;
      const at = marker.getLatLng();
      if (inBounds(bounds, at.lat, at.lng)) out.push({ id, name: pin.name });
    }
    return out;
  }

  /** Where a drawn pin is (undefined when it is not drawn). */
  latLngOf(pinId: string): L.LatLng | undefined {
    return this.drawn.get(pinId)?.marker.getLatLng();
  }

  /** A pin as a dot in its colour with a white ring, on the pins' canvas (over the markers). */
  private dot(pin: TPin): L.CircleMarker {
    const { lat, lng } = pixelToLatLng(pin.x, pin.y, this.maxZoom);
    this.renderer ??= L.canvas({ pane: 'markerPane' });
    const dot = L.circleMarker([lat, lng], {
      renderer: this.renderer,
      radius: 7,
      weight: 2,
      color: '#ffffff',
      fillColor: pinColours[pin.colour].hex,
      fillOpacity: 1,
      bubblingMouseEvents: false,
    });
    dot.on('click', () => this.onOpen(pin.id));
    return dot;
  }

  private marker(pin: TPin): L.Marker {
    const { lat, lng } = pixelToLatLng(pin.x, pin.y, this.maxZoom);
    const icon = L.divIcon({
      html: '',
      className: classes.pinIcon,
      iconSize: [22, 30],
      iconAnchor: [11, 29],
    });
    const marker = L.marker([lat, lng], { icon, keyboard: true, title: pin.name, riseOnHover: true });
    marker.on('add', () => {
      const el = marker.getElement();
      if (!el) return;
      el.style.setProperty('--pin-colour', pinColours[pin.colour].hex);
      el.setAttribute('role', 'button');
      el.setAttribute('aria-label', pin.name);
      el.setAttribute('lang', contentLang);
      el.dataset.pinId = pin.id;
    });
    marker.on('click', () => this.onOpen(pin.id));
    // Focused with Tab, a pin opens with Enter or Space like a button.
    marker.on('keypress', (e) => {
      const key = (e as L.LeafletKeyboardEvent).originalEvent.key;
      if (key !== 'Enter' && key !== ' ') return;
      (e as L.LeafletKeyboardEvent).originalEvent.preventDefault();
      this.onOpen(pin.id);
    });
    return marker;
  }
}
