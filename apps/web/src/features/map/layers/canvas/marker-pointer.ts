import L from 'leaflet';
import type { Cluster } from '../cluster-grid.ts';
import type { HitGrid } from '../hit-grid.ts';
import type { MarkerStore } from '../marker-store.ts';

/** What the pointer does to the marker canvas's markers. */
export interface MarkerPointerOptions {
  store: MarkerStore;
  /** Below this zoom markers are clustered: a cluster click zooms past it. */
  clusterBelowZoom: number;
  onMarkerClick: (index: number) => void;
  onHover: (index: number | undefined) => void;
  /** A dragged marker was dropped (move tool): its new position. */
  onDrop?: (index: number, lat: number, lng: number) => void;
}

/** What the canvas drew last: the hit grid (a marker index, or `-1 - n` for cluster n) and clusters. */
export interface DrawnMarkers {
  grid: HitGrid;
  clusters: readonly Cluster[];
  /** Draws again on the next frame (a dragged marker moved). */
  redraw(): void;
  /** The visible markers changed (a drag ended): clusters are made again. */
  refresh(): void;
}

/** Clicks on controls, popups and DOM markers belong to them. */
const notOnCanvas = '.leaflet-control, .leaflet-popup, .leaflet-marker-icon';

/**
 * Clicks, hovers and drags on the markers of one canvas: answered from the hit grid of the last draw,
 * listened for on the map's container (the canvas itself takes no pointer events).
 */
export class MarkerPointer {
  private map?: L.Map;
  private hovered: number | undefined;
  /** Whether markers flagged draggable in the store may be dragged (move tool). */
  private dragEnabled = false;
  private drag?: {
    index: number;
    pointerId: number;
    /** Pointer minus marker position at the start, in container pixels. */
    dx: number;
    dy: number;
    startX: number;
    startY: number;
    moved: boolean;
    from: [number, number];
  };
  /** The click that ends a drag is not a marker click. */
  private swallowClick = false;
  /** While placing, clicks go to the map (a marker may be placed on top of another). */
  private passClicks = false;

  constructor(
    private readonly opts: MarkerPointerOptions,
    private readonly drawn: DrawnMarkers,
  ) {}

  attach(map: L.Map) {
    this.map = map;
    const container = map.getContainer();
    container.addEventListener('click', this.onClick, true);
    container.addEventListener('pointerdown', this.onPointerDown, true);
    container.addEventListener('pointermove', this.onPointerMove);
    container.addEventListener('pointerleave', this.onPointerLeave);
  }

  detach(map: L.Map) {
    const container = map.getContainer();
    container.removeEventListener('click', this.onClick, true);
    container.removeEventListener('pointerdown', this.onPointerDown, true);
    container.removeEventListener('pointermove', this.onPointerMove);
    this.endDrag(false);
    container.removeEventListener('pointerleave', this.onPointerLeave);
    this.map = undefined;
  }

  /** Turns dragging of the store's draggable markers on or off (entering and leaving Move). */
  setDragging(on: boolean) {
    this.dragEnabled = on;
    if (!on) this.endDrag(false);
    this.map?.getContainer().classList.toggle('wp-marker-drag', on);
  }

  setPassClicks(on: boolean) {
    this.passClicks = on;
  }

  private hitAt(e: MouseEvent): number | undefined {
    const map = this.map;
    if (!map) return undefined;
    const point = map.mouseEventToLayerPoint(e);
    return this.drawn.grid.hit(point.x, point.y);
  }

  private onPointerDown = (e: PointerEvent) => {
    const map = this.map;
    if (!map || !this.dragEnabled || e.button !== 0 || this.drag) return;
    if ((e.target as HTMLElement).closest(notOnCanvas)) return;
    const hit = this.hitAt(e);
    const { store } = this.opts;
    if (hit === undefined || hit < 0 || !store.draggable[hit]) return;
    // The marker is dragged, not the map (no compatibility mouse events reach Leaflet's dragging).
    e.preventDefault();
    e.stopPropagation();
    map.dragging.disable();
    const at = map.latLngToContainerPoint(store.latLng(hit));
    const pointer = map.mouseEventToContainerPoint(e);
    this.drag = {
      index: hit,
      pointerId: e.pointerId,
      dx: pointer.x - at.x,
      dy: pointer.y - at.y,
      startX: e.clientX,
      startY: e.clientY,
      moved: false,
      from: store.latLng(hit),
    };
    window.addEventListener('pointermove', this.onDragMove);
    window.addEventListener('pointerup', this.onDragUp);
    window.addEventListener('pointercancel', this.onDragCancel);
  };

  private onDragMove = (e: PointerEvent) => {
    const map = this.map;
    const drag = this.drag;
    if (!map || !drag || e.pointerId !== drag.pointerId) return;
    if (!drag.moved && Math.hypot(e.clientX - drag.startX, e.clientY - drag.startY) < 4) return;
    drag.moved = true;
    const pointer = map.mouseEventToContainerPoint(e);
    const at = map.containerPointToLatLng([pointer.x - drag.dx, pointer.y - drag.dy]);
    this.opts.store.moveTo(drag.index, at.lat, at.lng);
    this.drawn.redraw();
  };

  private onDragUp = (e: PointerEvent) => {
    if (!this.drag || e.pointerId !== this.drag.pointerId) return;
    this.endDrag(true);
  };

  private onDragCancel = () => this.endDrag(false);

  private endDrag(drop: boolean) {
    const drag = this.drag;
    if (!drag) return;
    this.drag = undefined;
    window.removeEventListener('pointermove', this.onDragMove);
    window.removeEventListener('pointerup', this.onDragUp);
    window.removeEventListener('pointercancel', this.onDragCancel);
    this.map?.dragging.enable();
    if (!drag.moved) return;
    this.swallowClick = true;
    setTimeout(() => {
      this.swallowClick = false;
    }, 0);
    const { store } = this.opts;
    if (!drop) store.moveTo(drag.index, drag.from[0], drag.from[1]);
    this.drawn.refresh();
    if (drop) {
      const [lat, lng] = store.latLng(drag.index);
      this.opts.onDrop?.(drag.index, lat, lng);
    }
  }

  private onClick = (e: MouseEvent) => {
    const map = this.map;
    if (this.swallowClick) {
      e.stopPropagation();
      return;
    }
    if (this.passClicks) return;
    if (!map || (map.dragging as unknown as { moved?: () => boolean })?.moved?.()) return;
    if ((e.target as HTMLElement).closest(notOnCanvas)) return;
    const hit = this.hitAt(e);
    if (hit === undefined) return;
    e.stopPropagation();
    if (hit >= 0) {
      this.opts.onMarkerClick(hit);
      return;
    }
    const c = this.drawn.clusters[-1 - hit];
    if (!c) return;
    // Zoom-0 units: x is lng and y is -lat.
    const bounds = L.latLngBounds([-c.maxY, c.minX], [-c.minY, c.maxX]);
    // A cluster of a dense view (past the clustering zoom) zooms in further.
    const maxZoom = Math.min(map.getMaxZoom(), Math.max(this.opts.clusterBelowZoom + 0.5, map.getZoom() + 1));
    map.flyToBounds(bounds.pad(0.3), { maxZoom, duration: 0.4 });
  };

  private onPointerMove = (e: PointerEvent) => {
    if (e.pointerType === 'touch' || e.buttons !== 0) return;
    const target = e.target as HTMLElement;
    const hit = target.closest('.leaflet-control, .leaflet-popup') ? undefined : this.hitAt(e);
    if (hit === this.hovered) return;
    this.hovered = hit;
    this.map?.getContainer().classList.toggle('wp-marker-hover', hit !== undefined);
    this.opts.onHover(hit !== undefined && hit >= 0 ? hit : undefined);
  };

  private onPointerLeave = () => {
    if (this.hovered === undefined) return;
    this.hovered = undefined;
    this.map?.getContainer().classList.remove('wp-marker-hover');
    this.opts.onHover(undefined);
  };
}
