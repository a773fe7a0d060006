import { constants } from '@waypoint/shared/constants';
import { iconSize } from '@waypoint/shared/map/definitions';
import { tintColors } from '@waypoint/shared/map/tints';
import L from 'leaflet';
import { MarkerLayerGroup } from './marker-layer-group.ts';
import { MarkerKind, type MarkerStore, Shown } from './marker-store.ts';
import { loadedPurify, loadPurify } from './sanitize.ts';

/**
 * HTML markers: the definition's (sanitized) HTML as the icon. They are few, so each is a DOM
 * marker; `sync` adds and removes them as the visible flags change.
 */
export class HtmlMarkerLayer extends MarkerLayerGroup<L.Marker> {
  protected readonly kind = MarkerKind.Html;
  private readonly icons = new Map<number, L.DivIcon>();

  constructor(private readonly onClick: (index: number) => void) {
    super();
  }

  protected override forget() {
    this.icons.clear();
  }

  private icon(store: MarkerStore, defIndex: number): L.DivIcon {
    let icon = this.icons.get(defIndex);
    if (!icon) {
      const definition = store.definitions[defIndex];
      // A disc at least as wide as an icon marker: as easy to see and to hit (map.module.css draws it).
      const side = Math.max(constants.svgIconSize[0], Math.min(...iconSize(definition)));
      icon = L.divIcon({
        html: loadedPurify()!.sanitize(definition.description || definition.name),
        className: `wp-html-marker-icon ${definition.divIconClassName || constants.defaultDivIconClassName}`,
        iconSize: [side, side],
        iconAnchor: [side / 2, side / 2],
      });
      this.icons.set(defIndex, icon);
    }
    return icon;
  }

  private create(store: MarkerStore, i: number): L.Marker {
    const marker = L.marker(store.latLng(i), {
      icon: this.icon(store, store.def[i]),
      title: store.names[i] || store.definitionOf(i).name,
      keyboard: true,
      opacity: store.completed[i] ? constants.completedMarkerOpacity : 1,
    });
    marker.on('click', () => this.onClick(i));
    const tint = tintColors[store.tint[i]];
    if (tint) {
      // A suggestion is ringed in its suggestion colour.
      marker.on('add', () => {
        const el = marker.getElement();
        if (el) el.style.boxShadow = `0 0 0 3px ${tint}, 0 0 0 5px rgba(17, 24, 39, 0.75)`;
      });
    }
    return marker;
  }

  sync() {
    const { store } = this;
    if (!store) return;
    // Icons are sanitized HTML: draw them once the sanitizer has loaded (only maps with HTML markers load it).
    if (!loadedPurify()) {
      let needed = false;
      for (let i = 0; i < store.size && !needed; i++)
        needed = store.kind[i] === MarkerKind.Html && store.visible[i] === Shown.Yes;
      if (needed) void loadPurify().then(() => this.sync());
      return;
    }
    for (let i = 0; i < store.size; i++) {
      if (store.kind[i] !== MarkerKind.Html) continue;
      this.show(i, store.visible[i] === Shown.Yes, (index) => this.create(store, index));
    }
  }

  restyle() {
    const { store } = this;
    if (!store) return;
    for (const [i, marker] of this.layers) {
      marker.setOpacity(store.completed[i] ? constants.completedMarkerOpacity : 1);
    }
  }
}
