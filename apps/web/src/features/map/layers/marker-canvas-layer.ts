import { LabelPlacer } from '@waypoint/shared/map/label-placement';
import type L from 'leaflet';
import { mapProbe } from '../probe.ts';
import { MarkerPointer, type MarkerPointerOptions } from './canvas/marker-pointer.ts';
import { PaddedCanvasLayer } from './canvas/padded-canvas.ts';
import {
  type ExtraMarker,
  type Paint,
  paintClusters,
  paintExtras,
  paintFaint,
  paintFlags,
  paintHighlight,
  paintIcons,
  paintLabels,
  paintTints,
  TintRings,
} from './canvas/painters.ts';
import { type Cluster, ClusterGrid } from './cluster-grid.ts';
import { HitGrid } from './hit-grid.ts';
import type { SpriteCache } from './icons.ts';
import { MarkerKind, Shown } from './marker-store.ts';

export type { ExtraMarker } from './canvas/painters.ts';

export interface MarkerLayerOptions extends MarkerPointerOptions {
  sprites: SpriteCache;
  completedOpacity: number;
}

const CLUSTER_CELL = 52;
const CLUSTER_MIN = 3;
/** More icons in view than this are drawn as clusters whatever the zoom. */
const DENSE = 12_000;

/**
 * Icon markers on one canvas: tens of thousands draw in a few milliseconds, where one DOM element
 * per marker would not. The canvas and its layout are `PaddedCanvasLayer`'s; this layer picks the
 * markers in view (one by one, or as clusters far out and in views too dense) and hands them to the
 * painters (canvas/painters.ts), one pass each. Pointer hits are answered from a grid of the boxes
 * drawn last (canvas/marker-pointer.ts).
 */
export class MarkerCanvasLayer extends PaddedCanvasLayer {
  private grid = new HitGrid();
  private labelPlacer = new LabelPlacer();
  /** Label widths by name: measuring text is the costly part of placing labels. */
  private labelWidths = new Map<string, number>();
  private rings = new TintRings(this.dpr);
  private clusters: Cluster[] = [];
  private groups?: { scale: number; clusters: Cluster[]; singles: number[] };
  /** Visible icons counted per cell at the zoom of the last clustered draw. */
  private cells?: ClusterGrid;
  /** Visible suggestions of the ordered rows (never clustered). */
  private tinted: number[] = [];
  private cellsBlind = false;
  private highlighted = -1;
  private extras: readonly ExtraMarker[] = [];
  private readonly pointer: MarkerPointer;

  constructor(private readonly opts: MarkerLayerOptions) {
    super('wpMarkers', 'wp-marker-canvas');
    const layer = this;
    this.pointer = new MarkerPointer(opts, {
      get grid() {
        return layer.grid;
      },
      get clusters() {
        return layer.clusters;
      },
      redraw: () => this.redraw(),
      refresh: () => this.refresh(),
    });
  }

  override onAdd(map: L.Map): this {
    super.onAdd(map);
    this.pointer.attach(map);
    return this;
  }

  override onRemove(map: L.Map): this {
    super.onRemove(map);
    this.pointer.detach(map);
    return this;
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
    this.pointer.setDragging(on);
  }

  /** Markers to draw on top until the store has them (no rebuild of the store for one marker). */
  setExtras(extras: readonly ExtraMarker[]) {
    if (extras === this.extras || (extras.length === 0 && this.extras.length === 0)) return;
    this.extras = extras;
    this.redraw();
  }

  setPassClicks(on: boolean) {
    this.pointer.setPassClicks(on);
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
    for (const i of this.tinted) if (visible[i] === Shown.Yes) singles.push(i);
    for (const i of store.tail) if (visible[i] === Shown.Yes) singles.push(i);
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
      if (visible[i] !== Shown.Yes || kind[i] !== MarkerKind.Icon) continue;
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
   * dense is drawn as clusters). Faint markers in the box go to `faint`.
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
    faint: number[],
  ) {
    const { store } = this.opts;
    const { x: xs, y: ys, visible, kind } = store;
    const order = store.drawOrder;
    const top = (y0 + oy) / scale;
    const out: number[] = [];
    for (const run of store.runs) {
      let lo = run.start;
      let hi = run.end;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (ys[order[mid]] < top) lo = mid + 1;
        else hi = mid;
      }
      for (let k = lo; k < run.end; k++) {
        const i = order[k];
        const py = ys[i] * scale - oy;
        if (py > y1) break;
        const v = visible[i];
        if (v === Shown.Hidden || kind[i] !== MarkerKind.Icon) continue;
        const px = xs[i] * scale - ox;
        if (px < x0 || px > x1 || py < y0) continue;
        if (v === Shown.Faint) {
          faint.push(i);
          if (faint.length > limit) return out;
          continue;
        }
        out.push(i);
        if (out.length > limit) return out;
      }
    }
    // Floor by floor, the runs' markers are drawn top of the map first all the same.
    if (store.runs.length > 1) out.sort((a, b) => ys[a] - ys[b] || xs[a] - xs[b]);
    for (const i of store.tail) {
      if (visible[i] !== Shown.Yes) continue;
      const px = xs[i] * scale - ox;
      const py = ys[i] * scale - oy;
      if (px >= x0 && px <= x1 && py >= y0 && py <= y1) out.push(i);
    }
    return out;
  }

  setHighlight(index: number) {
    this.highlighted = index;
    if (__WAYPOINT_PROBE__) mapProbe().draw.highlight = index;
    this.redraw();
  }

  protected draw() {
    const map = this._map;
    const box = this.clear();
    if (!map || !box || !this.frame) return;
    const started = __WAYPOINT_PROBE__ ? performance.now() : 0;
    const { store, sprites } = this.opts;
    this.grid.clear();
    this.clusters = [];

    const scale = map.getZoomScale(this.frame.zoom, 0);
    const origin = map.getPixelOrigin();
    const ox = origin.x;
    const oy = origin.y;
    const margin = 64;
    const x0 = box.min.x - margin;
    const y0 = box.min.y - margin;
    const x1 = box.max.x + margin;
    const y1 = box.max.y + margin;
    const { x: xs, y: ys } = store;
    // Markers in view, in draw order. With clustering (far out, or a view too dense to draw one by
    // one), the grid is laid over the whole map at this zoom (world pixels, so clusters hold still
    // while the map is dragged) and kept until the zoom or the visible markers change.
    let clustering = this.frame.zoom < this.opts.clusterBelowZoom;
    let singles: number[] = [];
    // Markers of other floors are drawn faint one by one, in views not too dense for that.
    let faint: number[] = [];
    if (!clustering || store.drawsFaint) {
      singles = this.inView(scale, ox, oy, x0, y0, x1, y1, DENSE, faint);
      if (singles.length > DENSE || faint.length > DENSE) faint = [];
      clustering ||= singles.length > DENSE;
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

    const paint: Paint = { ctx: this.ctx, store, sprites, scale, ox, oy };
    const faded = this.opts.completedOpacity;
    if (faint.length > 0) paintFaint(paint, faint);
    const { labels, flagged, tinted } = paintIcons(paint, singles, this.grid, faded);
    if (tinted.length > 0) paintTints(paint, tinted, this.rings);
    paintExtras(paint, this.extras, this.rings);
    paintFlags(paint, flagged);
    const shownLabels = paintLabels(paint, labels, this.labelPlacer, this.labelWidths, faded);
    paintClusters(this.ctx, this.clusters, this.grid);
    paintHighlight(paint, this.highlighted);

    if (__WAYPOINT_PROBE__) {
      const facts = mapProbe().draw;
      const now = performance.now();
      facts.lastDrawMs = now - started;
      facts.lastDrawAt = now;
      facts.drawn++;
      facts.count = singles.length + this.clusters.length;
      facts.faint = faint.length;
      facts.flagged = flagged.length;
      facts.labels = shownLabels;
      facts.labelsHidden = labels.length - shownLabels;
      facts.extras = this.extras.length;
      if (facts.count > 0 && !facts.drawnAt) facts.drawnAt = Math.round(now);
      if (store.loadedRows === store.size && !facts.completeAt) facts.completeAt = Math.round(now);
    }
  }
}
