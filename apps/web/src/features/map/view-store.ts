import type * as Leaflet from 'leaflet';
import { useSyncExternalStore } from 'react';

/** The map's view once it settled (after each move), as the page's parts read it. */
export interface MapViewState {
  bounds: { south: number; west: number; north: number; east: number };
  centre: { lat: number; lng: number };
  zoom: number;
  maxZoom: number;
  /** This move centred a marker for the marker list (`MapController.centreMarker`). */
  centredOnMarker: boolean;
}

/**
 * The map's view for React: the controller publishes it when the map is built and after each move
 * (`moveend`), the page's parts read it with `useMapView` (or `get` in their event handlers).
 */
export class MapViewStore {
  private state: MapViewState | undefined;
  private readonly listeners = new Set<() => void>();

  readonly get = (): MapViewState | undefined => this.state;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The view of `map` now (undefined: no map). */
  publish(map: Leaflet.Map | undefined, centredOnMarker = false) {
    if (map) {
      const b = map.getBounds();
      const c = map.getCenter();
      this.state = {
        bounds: { south: b.getSouth(), west: b.getWest(), north: b.getNorth(), east: b.getEast() },
        centre: { lat: c.lat, lng: c.lng },
        zoom: map.getZoom(),
        maxZoom: map.getMaxZoom(),
        centredOnMarker,
      };
    } else if (this.state) {
      this.state = undefined;
    } else {
      return;
    }
    for (const listener of [...this.listeners]) listener();
  }
}

/** Whether a point lies inside a view's bounds. */
export function inBounds(bounds: MapViewState['bounds'], lat: number, lng: number): boolean {
  return lat >= bounds.south && lat <= bounds.north && lng >= bounds.west && lng <= bounds.east;
}

/** The map's view (undefined before the map is built); the component renders again after each move. */
export function useMapView(views: MapViewStore): MapViewState | undefined {
  return useSyncExternalStore(views.subscribe, views.get);
}
