import { constants } from '@waypoint/shared/constants';
import { tintColors } from '@waypoint/shared/map/tints';
import L from 'leaflet';
import { MarkerLayerGroup } from './marker-layer-group.ts';
import { MarkerKind, type MarkerStore, Shown } from './marker-store.ts';

const fallbackColor = '#2563eb';

/**
 * Polygons and routes, one Leaflet path per marker on a shared canvas renderer. Paths are made
 * when first shown and kept; `sync` adds and removes them as the visible flags change, and
 * `redrawMarker` rebuilds one after its data or completion changed.
 */
export class PathLayer extends MarkerLayerGroup<L.Path> {
  protected readonly kind = MarkerKind.Path;
  private readonly renderer = L.canvas({ padding: 0.15 });

  constructor(private readonly onClick: (index: number, latlng: L.LatLng) => void) {
    super();
  }

  private style(store: MarkerStore, i: number): L.PathOptions {
    const definition = store.definitionOf(i);
    const color = definition.polygonColor || fallbackColor;
    const fade = store.completed[i] ? constants.completedMarkerOpacity : 1;
    // A suggestion is outlined in its suggestion colour, solid and a little wider.
    const tint = tintColors[store.tint[i]];
    if (definition.markerDefinitionType === 'ROUTE') {
      return {
        color: tint || color,
        weight: constants.routeWeight + (tint ? 2 : 0),
        opacity: 0.9 * fade,
        renderer: this.renderer,
      };
    }
    const { weight, opacity, dashArray } = constants.polygonStyle;
    if (tint) {
      return {
        color: tint,
        weight: weight + 1,
        opacity: fade,
        fillColor: color,
        fillOpacity: 0.25 * fade,
        renderer: this.renderer,
      };
    }
    return {
      color,
      weight,
      opacity: opacity * fade,
      dashArray,
      fillColor: color,
      fillOpacity: 0.2 * fade,
      renderer: this.renderer,
    };
  }

  private create(store: MarkerStore, i: number): L.Path | undefined {
    const points = store.points(i);
    if (!points) return undefined;
    const route = store.definitionOf(i).markerDefinitionType === 'ROUTE';
    const style = this.style(store, i);
    const path = route ? L.polyline(points, style) : L.polygon(points, style);
    path.on('click', (e: L.LeafletMouseEvent) => {
      L.DomEvent.stopPropagation(e);
      this.onClick(i, e.latlng);
    });
    path.bindTooltip(() => store.names[i] || store.definitionOf(i).name, { sticky: true });
    return path;
  }

  /** Shows exactly the visible paths. */
  sync() {
    const { store } = this;
    if (!store) return;
    for (let i = 0; i < store.size; i++) {
      if (store.kind[i] !== MarkerKind.Path) continue;
      this.show(i, store.visible[i] === Shown.Yes, (index) => this.create(store, index));
    }
  }

  restyle() {
    const { store } = this;
    if (!store) return;
    for (const [i, path] of this.layers) path.setStyle(this.style(store, i));
  }

  boundsOf(i: number): L.LatLngBounds | undefined {
    const points = this.store?.points(i);
    return points && points.length > 0 ? L.latLngBounds(points) : undefined;
  }
}
