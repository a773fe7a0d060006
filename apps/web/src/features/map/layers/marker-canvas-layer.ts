import { LabelPlacer } from '@waypoint/shared/map/label-placement';
import { tintColors } from '@waypoint/shared/map/tints';
import L from 'leaflet';
import { type Cluster, ClusterGrid } from './cluster-grid.ts';
import { HitGrid } from './hit-grid.ts';
import type { SpriteCache } from './icons.ts';
import { MarkerKind, type MarkerStore } from './marker-store.ts';
import { drawTintBadge, drawTintRing } from './tint-cues.ts';

export interface MarkerLayerOptions {
  store: MarkerStore;
  sprites: SpriteCache;
  /** Below this zoom, markers that overlap are drawn as one cluster with a count. */
  clusterBelowZoom: number;
  completedOpacity: number;
  onMarkerClick: (index: number) => void;
  onHover: (index: number | undefined) => void;
  /** A dragged marker was dropped (move tool): its new position. */
  onDrop?: (index: number, lat: number, lng: number) => void;
}

/** A marker drawn before it is in the store (placed, waiting for the server's answer). */
export interface ExtraMarker {
  lat: number;
  lng: number;
  /** Index into the store's definitions. */
  def: number;
  tint: number;
}

/** A hit answer: a marker index, or a cluster (encoded as -1 - cluster number). */
type Hit = number;

/**
 * The drawn area reaches this share of the view's longer side past each edge of the view: a drag
 * draws again only when it leaves that margin. On a phone held upright the margin across is as wide
 * as the one along (a third of the screen's width instead of 15%), so a sideways drag draws again
 * about half as often, for a canvas 1.3 times as large.
 */
const PADDING = 0.15;
const LABEL_FONT = '600 12px system-ui, -apple-system, Segoe UI, Roboto, sans-serif';
/** A label's box height: the 12 px text and its outline. */
const LABEL_HEIGHT = 16;
const CLUSTER_CELL = 52;
const CLUSTER_MIN = 3;
/** More icons in view than this are drawn as clusters whatever the zoom. */
const DENSE = 12_000;

/**
 * Icon markers on one canvas: tens of thousands draw in a few milliseconds, where one DOM element
 * per marker would not. The canvas covers the view plus a margin, moves with the map while it is
 * dragged and is drawn again when the map stops (or when the drag leaves the margin). Pointer
 * hits are answered from a grid of the boxes drawn last.
 */
export class MarkerCanvasLayer extends L.Layer {
  private canvas!: HTMLCanvasElement;
  private ctx!: CanvasRenderingContext2D;
  private bounds?: L.Bounds;
  private center?: L.LatLng;
  private zoom = 0;
  private grid = new HitGrid();
  private labelPlacer = new LabelPlacer();
  /** Label widths by name: measuring text is the costly part of placing labels. */
  private labelWidths = new Map<string, number>();
  private clusters: Cluster[] = [];
  private groups?: { scale: number; clusters: Cluster[]; singles: number[] };
  /** Visible icons counted per cell at the zoom of the last clustered draw. */
  private cells?: ClusterGrid;
  /** Visible suggestions of the ordered rows (never clustered). */
  private tinted: number[] = [];
  private cellsBlind = false;
  private frame = 0;
  /** The margin drawn around the view at the last draw, in pixels (see PADDING). */
  private pad = 0;
  private hovered: Hit | undefined;
  private highlighted = -1;
  private readonly dpr = Math.min(2, Math.max(1, window.devicePixelRatio || 1));
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
  private extras: readonly ExtraMarker[] = [];
  /** Extra markers drawn last (read by the benchmark). */
  lastExtras = 0;
  /** The click that ends a drag is not a marker click. */
  private swallowClick = false;
  /** While placing, clicks go to the map (a marker may be placed on top of another). */
  private passClicks = false;
  /** Time the last draw took, in milliseconds (read by the benchmark). */
  lastDrawMs = 0;
  drawCount = 0;

  constructor(private readonly opts: MarkerLayerOptions) {
    super();
  }

  override onAdd(map: L.Map): this {
    const pane = map.getPane('wpMarkers') ?? map.createPane('wpMarkers');
    pane.style.zIndex = '450';
    pane.style.pointerEvents = 'none';
    this.canvas = L.DomUtil.create('canvas', 'leaflet-zoom-animated wp-marker-canvas', pane);
    this.canvas.setAttribute('aria-hidden', 'true');
    // Not `desynchronized`: such a canvas hands its frames to the compositor itself, ahead of the
    // commit that moves it, and for one frame after each redraw the markers showed where the next
    // view puts them while the map still showed the last one (e2e/tests/map-frames.spec.ts). The
    // copy of the canvas in each commit is the price of drawing in step with the map.
    this.ctx = this.canvas.getContext('2d')!;
    const container = map.getContainer();
    container.addEventListener('click', this.onClick, true);
    container.addEventListener('pointerdown', this.onPointerDown, true);
    container.addEventListener('pointermove', this.onPointerMove);
    container.addEventListener('pointerleave', this.onPointerLeave);
    this.update();
    return this;
  }

  override onRemove(map: L.Map): this {
    cancelAnimationFrame(this.frame);
    const container = map.getContainer();
    container.removeEventListener('click', this.onClick, true);
    container.removeEventListener('pointerdown', this.onPointerDown, true);
    container.removeEventListener('pointermove', this.onPointerMove);
    this.endDrag(false);
    container.removeEventListener('pointerleave', this.onPointerLeave);
    this.canvas.remove();
    return this;
  }

  override getEvents() {
    return {
      viewreset: this.update,
      zoom: this.onZoom,
      zoomanim: this.onAnimZoom,
      moveend: this.onMoveEnd,
      move: this.onMove,
      resize: this.update,
    } as unknown as { [name: string]: L.LeafletEventHandlerFn };
  }

  /** Draws again on the next frame (after flags, sprites or the highlight changed). */
  redraw() {
    if (!this._map) return;
    cancelAnimationFrame(this.frame);
    this.frame = requestAnimationFrame(() => this.draw());
  }

  /** The visible markers changed: clusters are made again, then the canvas is drawn. */
  refresh() {
    this.groups = undefined;
    this.cells = undefined;
    this.redraw();
  }

  /** One marker changed (visibility, position, definition): the canvas is drawn again. */
  redrawMarker(_index: number) {
    this.refresh();
  }

  /** Turns dragging of the store's draggable markers on or off (entering and leaving Move). */
  setDragging(on: boolean) {
    this.dragEnabled = on;
    if (!on) this.endDrag(false);
    this._map?.getContainer().classList.toggle('wp-marker-drag', on);
  }

  /** Markers to draw on top until the store has them (no rebuild of the store for one marker). */
  setExtras(extras: readonly ExtraMarker[]) {
    if (extras === this.extras || (extras.length === 0 && this.extras.length === 0)) return;
    this.extras = extras;
    this.redraw();
  }

  setPassClicks(on: boolean) {
    this.passClicks = on;
  }

  /**
   * Clusters and lone markers of the whole map at a zoom scale, in world pixels: the visible icons
   * counted into a `ClusterGrid` once per zoom and visible set (a large map's next chunk is added
   * to it, see `addRows`), lone markers in draw order.
   */
  private clusterGroups(scale: number) {
    if (this.groups?.scale === scale) return this.groups;
    const { store } = this.opts;
    if (this.cells?.scale !== scale) {
      const extent = store.extent();
      // Made before any row arrived: made again with the first rows' extent.
      this.cellsBlind = !Number.isFinite(extent.minX);
      this.cells = new ClusterGrid(scale, extent, CLUSTER_CELL, CLUSTER_MIN);
      this.tinted = [];
      this.count(store.drawOrder, 0, store.drawOrder.length);
    }
    const { x: xs, y: ys, visible } = store;
    const singles = this.cells.singles();
    for (const i of this.tinted) if (visible[i]) singles.push(i);
    for (const i of store.tail) if (visible[i]) singles.push(i);
    singles.sort((a, b) => ys[a] - ys[b] || xs[a] - xs[b]);
    this.groups = { scale, clusters: this.cells.clusters(), singles };
    return this.groups;
  }

  /** Counts rows `order[from..to)` into the cluster grid (suggestions stay one by one). */
  private count(order: ArrayLike<number>, from: number, to: number) {
    const cells = this.cells;
    if (!cells) return;
    const { x: xs, y: ys, visible, tint, kind } = this.opts.store;
    for (let k = from; k < to; k++) {
      const i = order[k];
      if (!visible[i] || kind[i] !== MarkerKind.Icon) continue;
      // Suggestions stay visible one by one, so that they can be reviewed at any zoom.
      if (tint[i] !== 0) this.tinted.push(i);
      else cells.add(i, xs[i], ys[i]);
    }
  }

  /**
   * Rows `start..start + count` arrived (a large map's chunk, flags set): counted into the clusters
   * of this zoom rather than counting every marker again, then the canvas is drawn.
   */
  addRows(start: number, count: number) {
    if (this.cellsBlind) this.cells = undefined;
    if (this.cells) {
      const rows = new Int32Array(count);
      for (let k = 0; k < count; k++) rows[k] = start + k;
      this.count(rows, 0, count);
    }
    this.groups = undefined;
    this.redraw();
  }

  /**
   * The markers of the ordered rows and of the tail within a box of layer pixels, in draw order;
   * the rows of the box are found by binary search on y. Stops counting past `limit` (a view that
   * dense is drawn as clusters).
   */
  private inView(
    scale: number,
    ox: number,
    oy: number,
    x0: number,
    y0: number,
    x1: number,
    y1: number,
    limit: number,
  ) {
    const { store } = this.opts;
    const { x: xs, y: ys, visible, kind } = store;
    const order = store.drawOrder;
    const top = (y0 + oy) / scale;
    let lo = 0;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (ys[order[mid]] < top) lo = mid + 1;
      else hi = mid;
    }
    const out: number[] = [];
    for (let k = lo; k < order.length; k++) {
      const i = order[k];
      const py = ys[i] * scale - oy;
      if (py > y1) break;
      if (!visible[i] || kind[i] !== MarkerKind.Icon) continue;
      const px = xs[i] * scale - ox;
      if (px < x0 || px > x1 || py < y0) continue;
      out.push(i);
      if (out.length > limit) return out;
    }
    for (const i of store.tail) {
      if (!visible[i]) continue;
      const px = xs[i] * scale - ox;
      const py = ys[i] * scale - oy;
      if (px >= x0 && px <= x1 && py >= y0 && py <= y1) out.push(i);
    }
    return out;
  }

  setHighlight(index: number) {
    this.highlighted = index;
    if (this.canvas) this.canvas.dataset.highlight = String(index);
    this.redraw();
  }

  private onAnimZoom = (e: L.ZoomAnimEvent) => this.updateTransform(e.center, e.zoom);

  private onZoom = () => {
    if (this._map) this.updateTransform(this._map.getCenter(), this._map.getZoom());
  };

  /** While dragging, draw again only when the view leaves the drawn area. */
  private onMove = () => {
    if (!this._map || !this.bounds || this._map.getZoom() !== this.zoom) return;
    if (!this.drawnAreaHoldsView()) {
      cancelAnimationFrame(this.frame);
      this.frame = requestAnimationFrame(() => this.update());
    }
  };

  /** Whether the view is inside the area drawn last, at the zoom it was drawn at. */
  private drawnAreaHoldsView(): boolean {
    const map = this._map;
    if (!map || !this.bounds || map.getZoom() !== this.zoom) return false;
    const min = map.containerPointToLayerPoint([0, 0]);
    return this.bounds.contains(L.bounds(min, min.add(map.getSize())));
  }

  /**
   * After a pan that stayed inside the drawn area, the canvas is already right (it sits in the map's
   * layer coordinates): drawing it again would only cost the compositor a copy of it. After a zoom,
   * or a pan past the drawn area, it is drawn for the new view.
   */
  private onMoveEnd = () => {
    if (!this.drawnAreaHoldsView()) this.update();
  };

  private updateTransform(center: L.LatLng, zoom: number) {
    const map = this._map;
    if (!map || !this.center) return;
    const scale = map.getZoomScale(zoom, this.zoom);
    const viewHalf = map.getSize().divideBy(2).add([this.pad, this.pad]);
    const currentCenterPoint = map.project(this.center, zoom);
    // biome-ignore lint/suspicious/noExplicitAny: Leaflet's renderers use the same internal call
    const origin = (map as any)._getNewPixelOrigin(center, zoom) as L.Point;
    const topLeft = viewHalf.multiplyBy(-scale).add(currentCenterPoint).subtract(origin);
    L.DomUtil.setTransform(this.canvas, topLeft, scale);
  }

  private update = () => {
    const map = this._map;
    if (!map) return;
    const size = map.getSize();
    this.pad = Math.round(Math.max(size.x, size.y) * PADDING);
    const min = map.containerPointToLayerPoint([-this.pad, -this.pad]).round();
    this.bounds = L.bounds(min, min.add([size.x + 2 * this.pad, size.y + 2 * this.pad]));
    this.center = map.getCenter();
    this.zoom = map.getZoom();
    const w = this.bounds.max!.x - min.x;
    const h = this.bounds.max!.y - min.y;
    const cw = Math.round(w * this.dpr);
    const ch = Math.round(h * this.dpr);
    // Resizing a canvas reallocates it: only when the view's size changed.
    if (this.canvas.width !== cw || this.canvas.height !== ch) {
      this.canvas.width = cw;
      this.canvas.height = ch;
      this.canvas.style.width = `${w}px`;
      this.canvas.style.height = `${h}px`;
    }
    L.DomUtil.setPosition(this.canvas, min);
    this.draw();
  };

  private draw() {
    const map = this._map;
    if (!map || !this.bounds) return;
    const started = performance.now();
    const { store, sprites } = this.opts;
    const ctx = this.ctx;
    const min = this.bounds.min!;
    const max = this.bounds.max!;
    ctx.setTransform(this.dpr, 0, 0, this.dpr, -min.x * this.dpr, -min.y * this.dpr);
    ctx.clearRect(min.x, min.y, max.x - min.x, max.y - min.y);
    this.grid.clear();
    this.clusters = [];

    const scale = map.getZoomScale(this.zoom, 0);
    const origin = map.getPixelOrigin();
    const ox = origin.x;
    const oy = origin.y;
    const margin = 64;
    const x0 = min.x - margin;
    const y0 = min.y - margin;
    const x1 = max.x + margin;
    const y1 = max.y + margin;
    const { x: xs, y: ys, completed, def } = store;
    // Markers in view, in draw order. With clustering (far out, or a view too dense to draw one by
    // one), the grid is laid over the whole map at this zoom (world pixels, so clusters hold still
    // while the map is dragged) and kept until the zoom or the visible markers change.
    let clustering = this.zoom < this.opts.clusterBelowZoom;
    let singles: number[] = [];
    if (!clustering) {
      singles = this.inView(scale, ox, oy, x0, y0, x1, y1, DENSE);
      clustering = singles.length > DENSE;
    }
    if (clustering) {
      singles = [];
      const groups = this.clusterGroups(scale);
      for (const c of groups.clusters) {
        const x = c.x - ox;
        const y = c.y - oy;
        if (x < x0 || x > x1 || y < y0 || y > y1) continue;
        this.clusters.push({ ...c, x, y });
      }
      for (const i of groups.singles) {
        const px = xs[i] * scale - ox;
        const py = ys[i] * scale - oy;
        if (px >= x0 && px <= x1 && py >= y0 && py <= y1) singles.push(i);
      }
    }

    const labels: number[] = [];
    const flagged: number[] = [];
    const tinted: number[] = [];
    const faded = this.opts.completedOpacity;
    const tint = store.tinted ? store.tint : undefined;
    for (const i of singles) {
      const sprite = sprites.get(def[i]);
      const px = xs[i] * scale - ox;
      const py = ys[i] * scale - oy;
      const left = px - sprite.anchorX;
      const top = py - sprite.anchorY;
      ctx.globalAlpha = completed[i] ? faded : 1;
      ctx.drawImage(sprite.image, left, top, sprite.width, sprite.height);
      this.grid.add(i, left, top, left + sprite.width, top + sprite.height);
      if (store.definitions[def[i]].showNameLabel && store.names[i]) labels.push(i);
      if (store.reported[i]) flagged.push(i);
      if (tint && tint[i] !== 0) tinted.push(i);
    }
    ctx.globalAlpha = 1;
    if (tinted.length > 0) this.drawTints(tinted, scale, ox, oy);
    for (const e of this.extras) {
      const sprite = sprites.get(e.def);
      const px = e.lng * scale - ox;
      const py = -e.lat * scale - oy;
      ctx.drawImage(sprite.image, px - sprite.anchorX, py - sprite.anchorY, sprite.width, sprite.height);
      if (e.tint) {
        const ring = this.ring(e.tint, sprite.width, sprite.height);
        const cy = py - sprite.anchorY + sprite.height / 2;
        ctx.drawImage(ring.image, px - ring.half, cy - ring.half, ring.half * 2, ring.half * 2);
      }
    }
    this.lastExtras = this.extras.length;

    // Markers that players reported gone or moved: a small red flag at the icon's top right.
    for (const i of flagged) {
      const sprite = sprites.get(def[i]);
      const fx = xs[i] * scale - ox - sprite.anchorX + sprite.width - 2;
      const fy = ys[i] * scale - oy - sprite.anchorY - 2;
      ctx.beginPath();
      ctx.moveTo(fx, fy + 12);
      ctx.lineTo(fx, fy);
      ctx.lineWidth = 1.5;
      ctx.strokeStyle = '#111827';
      ctx.stroke();
      ctx.beginPath();
      ctx.moveTo(fx, fy);
      ctx.lineTo(fx + 8, fy + 2.5);
      ctx.lineTo(fx, fy + 5);
      ctx.closePath();
      ctx.fillStyle = '#dc2626';
      ctx.fill();
    }
    this.canvas.dataset.flagged = String(flagged.length);

    // Name labels, most important first: markers not yet found, then the ones drawn on top. A
    // label that would overlap one already placed is left out until zooming in makes room.
    let shownLabels = 0;
    if (labels.length > 0) {
      ctx.font = LABEL_FONT;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'top';
      ctx.lineJoin = 'round';
      ctx.lineWidth = 3;
      ctx.strokeStyle = 'rgba(0,0,0,0.8)';
      ctx.fillStyle = '#ffffff';
      const placer = this.labelPlacer;
      placer.clear();
      const widths = this.labelWidths;
      for (let pass = 0; pass < 2; pass++) {
        for (let k = labels.length - 1; k >= 0; k--) {
          const i = labels[k];
          if ((completed[i] ? 1 : 0) !== pass) continue;
          const name = store.names[i];
          let width = widths.get(name);
          if (width === undefined) {
            width = ctx.measureText(name).width + 6;
            widths.set(name, width);
          }
          const sprite = sprites.get(def[i]);
          const px = xs[i] * scale - ox;
          const py = ys[i] * scale - oy - sprite.anchorY + sprite.height + 2;
          if (!placer.place(px - width / 2, py - 1, px + width / 2, py + LABEL_HEIGHT)) continue;
          ctx.globalAlpha = pass === 1 ? faded : 1;
          ctx.strokeText(name, px, py);
          ctx.fillText(name, px, py);
          shownLabels++;
        }
      }
      ctx.globalAlpha = 1;
    }
    this.canvas.dataset.labels = String(shownLabels);
    this.canvas.dataset.labelsHidden = String(labels.length - shownLabels);

    this.clusters.forEach((c, n) => {
      const r = c.count < 10 ? 14 : c.count < 100 ? 17 : c.count < 1000 ? 20 : 23;
      ctx.beginPath();
      ctx.arc(c.x, c.y, r + 4, 0, Math.PI * 2);
      ctx.fillStyle = 'rgba(30, 64, 175, 0.35)';
      ctx.fill();
      ctx.beginPath();
      ctx.arc(c.x, c.y, r, 0, Math.PI * 2);
      ctx.fillStyle = 'rgba(30, 64, 175, 0.92)';
      ctx.fill();
      ctx.lineWidth = 1.5;
      ctx.strokeStyle = '#ffffff';
      ctx.stroke();
      ctx.fillStyle = '#ffffff';
      ctx.font = '700 12px system-ui, -apple-system, Segoe UI, Roboto, sans-serif';
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText(String(c.count), c.x, c.y + 0.5);
      this.grid.add(-1 - n, c.x - r, c.y - r, c.x + r, c.y + r);
    });

    const h = this.highlighted;
    if (h >= 0 && h < store.size && store.kind[h] === MarkerKind.Icon) {
      const sprite = sprites.get(def[h]);
      const px = xs[h] * scale - ox;
      const py = ys[h] * scale - oy - sprite.anchorY + sprite.height / 2;
      ctx.beginPath();
      ctx.arc(px, py, Math.max(sprite.width, sprite.height) / 2 + 8, 0, Math.PI * 2);
      ctx.lineWidth = 4;
      ctx.strokeStyle = '#facc15';
      ctx.stroke();
      ctx.lineWidth = 1.5;
      ctx.strokeStyle = '#111827';
      ctx.stroke();
    }

    this.lastDrawMs = performance.now() - started;
    this.drawCount++;
    this.canvas.dataset.drawn = String(this.drawCount);
    const count = singles.length + this.clusters.length;
    this.canvas.dataset.count = String(count);
    // When the first markers reached the screen (read by tests and the benchmark).
    if (count > 0 && !this.canvas.dataset.drawnAt)
      this.canvas.dataset.drawnAt = String(Math.round(performance.now()));
    // When every marker of the map was loaded and drawn (a large map's last chunk).
    if (store.loadedRows === store.size && !this.canvas.dataset.completeAt)
      this.canvas.dataset.completeAt = String(Math.round(performance.now()));
  }

  /** Ring images per tint and icon size: drawing a bitmap costs far less than stroking a circle. */
  private rings = new Map<string, { image: HTMLCanvasElement; half: number }>();

  private ring(tint: number, width: number, height: number) {
    const key = `${tint}:${width}x${height}`;
    let ring = this.rings.get(key);
    if (!ring) {
      const r = Math.max(width, height) / 2 + 4;
      const half = Math.ceil(r + 3);
      const image = document.createElement('canvas');
      image.width = image.height = Math.ceil(half * 2 * this.dpr);
      const ctx = image.getContext('2d')!;
      ctx.scale(this.dpr, this.dpr);
      drawTintRing(ctx, tint, tintColors[tint] ?? '', half, half, r);
      drawTintBadge(ctx, tint, half, half, r);
      ring = { image, half };
      this.rings.set(key, ring);
    }
    return ring;
  }

  /**
   * A ring in the suggestion colour around each tinted marker, with a thin dark edge that keeps
   * yellow and green readable on light maps, and the tint's own pattern and badge (tint-cues.ts).
   */
  private drawTints(tinted: number[], scale: number, ox: number, oy: number) {
    const { store, sprites } = this.opts;
    const ctx = this.ctx;
    const { x: xs, y: ys, def, tint } = store;
    for (const i of tinted) {
      const sprite = sprites.get(def[i]);
      const ring = this.ring(tint[i], sprite.width, sprite.height);
      const px = xs[i] * scale - ox;
      const py = ys[i] * scale - oy - sprite.anchorY + sprite.height / 2;
      const size = ring.half * 2;
      ctx.drawImage(ring.image, px - ring.half, py - ring.half, size, size);
    }
  }

  private onPointerDown = (e: PointerEvent) => {
    const map = this._map;
    if (!map || !this.dragEnabled || e.button !== 0 || this.drag) return;
    const target = e.target as HTMLElement;
    if (target.closest('.leaflet-control, .leaflet-popup, .leaflet-marker-icon')) return;
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
    const map = this._map;
    const drag = this.drag;
    if (!map || !drag || e.pointerId !== drag.pointerId) return;
    if (!drag.moved && Math.hypot(e.clientX - drag.startX, e.clientY - drag.startY) < 4) return;
    drag.moved = true;
    const pointer = map.mouseEventToContainerPoint(e);
    const at = map.containerPointToLatLng([pointer.x - drag.dx, pointer.y - drag.dy]);
    this.opts.store.moveTo(drag.index, at.lat, at.lng);
    this.redraw();
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
    this._map?.dragging.enable();
    if (!drag.moved) return;
    this.swallowClick = true;
    setTimeout(() => {
      this.swallowClick = false;
    }, 0);
    const { store } = this.opts;
    if (!drop) store.moveTo(drag.index, drag.from[0], drag.from[1]);
    this.refresh();
    if (drop) {
      const [lat, lng] = store.latLng(drag.index);
      this.opts.onDrop?.(drag.index, lat, lng);
    }
  }

  private hitAt(e: MouseEvent): Hit | undefined {
    const map = this._map;
    if (!map) return undefined;
    const point = map.mouseEventToLayerPoint(e);
    return this.grid.hit(point.x, point.y);
  }

  private onClick = (e: MouseEvent) => {
    const map = this._map;
    if (this.swallowClick) {
      e.stopPropagation();
      return;
    }
    if (this.passClicks) return;
    if (!map || (map.dragging as unknown as { moved?: () => boolean })?.moved?.()) return;
    const target = e.target as HTMLElement;
    // Clicks on controls, popups and DOM markers belong to them.
    if (target.closest('.leaflet-control, .leaflet-popup, .leaflet-marker-icon')) return;
    const hit = this.hitAt(e);
    if (hit === undefined) return;
    e.stopPropagation();
    if (hit >= 0) {
      this.opts.onMarkerClick(hit);
      return;
    }
    const c = this.clusters[-1 - hit];
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
    this._map?.getContainer().classList.toggle('wp-marker-hover', hit !== undefined);
    this.opts.onHover(hit !== undefined && hit >= 0 ? hit : undefined);
  };

  private onPointerLeave = () => {
    if (this.hovered === undefined) return;
    this.hovered = undefined;
    this._map?.getContainer().classList.remove('wp-marker-hover');
    this.opts.onHover(undefined);
  };
}
