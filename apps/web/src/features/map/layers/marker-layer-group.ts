import L from 'leaflet';

/**
 * Markers drawn as Leaflet layers of their own (HTML markers, polygons and routes): one layer per
 * marker, made when first shown and kept, added to and taken off the map as its visible flag changes.
 */
export abstract class MarkerLayerGroup<T extends L.Layer> {
  private readonly group = L.layerGroup();
  /** The layers made so far, by marker index. */
  protected readonly layers = new Map<number, T>();

  /** Shows exactly the visible markers. */
  abstract sync(): void;

  addTo(map: L.Map) {
    this.group.addTo(map);
    return this;
  }

  remove() {
    this.group.remove();
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
