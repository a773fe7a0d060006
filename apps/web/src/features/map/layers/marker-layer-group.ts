import L from 'leaflet';
import type { MapOverlay } from '../overlay.ts';
import type { MarkerStore } from './marker-store.ts';

/**
 * Markers drawn as Leaflet layers of their own (HTML markers, polygons and routes): one layer per
 * marker, made when first shown and kept, added to and taken off the map as its visible flag changes.
 * Its props are the store it draws; it follows the store's flags by itself.
 */
export abstract class MarkerLayerGroup<T extends L.Layer> implements MapOverlay<MarkerStore | undefined> {
  private readonly group = L.layerGroup();
  /** The layers made so far, by marker index. */
  protected readonly layers = new Map<number, T>();
  protected store?: MarkerStore;
  private unsubscribe?: () => void;

  /** The `MarkerKind` this group draws. */
  protected abstract readonly kind: number;

  /** Shows exactly the visible markers. */
  abstract sync(): void;

  /** Styles every shown marker again (after completion changed). */
  abstract restyle(): void;

  /** Forgets what was made for the store shown before. */
  protected forget() {}

  attach(map: L.Map) {
    this.group.addTo(map);
  }

  detach() {
    this.set(undefined);
    this.group.remove();
  }

  set(store: MarkerStore | undefined) {
    if (store === this.store) return;
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.group.clearLayers();
    this.layers.clear();
    this.forget();
    this.store = store;
    if (!store) return;
    this.unsubscribe = store.subscribe((change) => {
      if (change.visible) this.sync();
      if (change.completed) this.restyle();
      const i = change.reported;
      if (i !== undefined && store.kind[i] === this.kind) this.redrawMarker(i);
    });
    this.sync();
  }

  /** Shows or hides marker `i`, making its layer when first shown (`make` may have none). */
  protected show(i: number, visible: boolean, make: (i: number) => T | undefined) {
    let layer = this.layers.get(i);
    if (visible && !layer) {
      layer = make(i);
      if (layer) this.layers.set(i, layer);
    }
    if (!layer) return;
    if (visible) {
      if (!this.group.hasLayer(layer)) this.group.addLayer(layer);
    } else if (this.group.hasLayer(layer)) {
      this.group.removeLayer(layer);
    }
  }

  /** Makes marker `i` again after its data or completion changed. */
  redrawMarker(i: number) {
    const existing = this.layers.get(i);
    if (existing) {
      this.group.removeLayer(existing);
      this.layers.delete(i);
    }
    this.sync();
  }
}
