import L from 'leaflet';

/**
 * The drawn area reaches this share of the view's longer side past each edge of the view: a drag
 * draws again only when it leaves that margin. On a phone held upright the margin across is as wide
 * as the one along (a third of the screen's width instead of 15%), so a sideways drag draws again
 * about half as often, for a canvas 1.3 times as large.
 */
const PADDING = 0.15;

/** Where and at what zoom the canvas was laid out last, in layer pixels. */
export interface CanvasFrame {
  bounds: L.Bounds;
  zoom: number;
}

/**
 * A canvas over the view plus a margin, in the map's layer coordinates: it moves with the map while
 * it is dragged, follows zoom animations with a transform, and is laid out and drawn again when the
 * map stops (or when a drag leaves the margin). Leaflet's `L.Canvas` renderer works the same way
 * (the transform below is its `_updateTransform`); this one differs where it was measured to pay:
 * one margin for both axes (the longer side's), a pan that ends inside the drawn area is not drawn
 * again, and a draw is its subclass's (`draw`), not a walk over Leaflet paths.
 */
export abstract class PaddedCanvasLayer extends L.Layer {
  protected canvas!: HTMLCanvasElement;
  protected ctx!: CanvasRenderingContext2D;
  /** The canvas's layout at the last draw (undefined before the first). */
  protected frame?: CanvasFrame;
  protected readonly dpr = Math.min(2, Math.max(1, window.devicePixelRatio || 1));
  private center?: L.LatLng;
  /** The margin drawn around the view at the last layout, in pixels (see PADDING). */
  private pad = 0;
  private nextFrame = 0;

  constructor(
    private readonly paneName: string,
    private readonly className: string,
  ) {
    super();
  }

  /** Draws the canvas for `this.frame` (its transform set to layer pixels). */
  protected abstract draw(): void;

  override onAdd(map: L.Map): this {
    const pane = map.getPane(this.paneName) ?? map.createPane(this.paneName);
    pane.style.zIndex = '450';
    pane.style.pointerEvents = 'none';
    this.canvas = L.DomUtil.create('canvas', `leaflet-zoom-animated ${this.className}`, pane);
    this.canvas.setAttribute('aria-hidden', 'true');
    // Not `desynchronized`: such a canvas hands its frames to the compositor itself, ahead of the
    // commit that moves it, and for one frame after each redraw the markers showed where the next
    // view puts them while the map still showed the last one (e2e/tests/map-frames.spec.ts). The
    // copy of the canvas in each commit is the price of drawing in step with the map.
    this.ctx = this.canvas.getContext('2d')!;
    this.update();
    return this;
  }

  override onRemove(_map: L.Map): this {
    cancelAnimationFrame(this.nextFrame);
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
    cancelAnimationFrame(this.nextFrame);
    this.nextFrame = requestAnimationFrame(() => this.draw());
  }

  private onAnimZoom = (e: L.ZoomAnimEvent) => this.updateTransform(e.center, e.zoom);

  private onZoom = () => {
    if (this._map) this.updateTransform(this._map.getCenter(), this._map.getZoom());
  };

  /** While dragging, draw again only when the view leaves the drawn area. */
  private onMove = () => {
    if (!this._map || !this.frame || this._map.getZoom() !== this.frame.zoom) return;
    if (!this.drawnAreaHoldsView()) {
      cancelAnimationFrame(this.nextFrame);
      this.nextFrame = requestAnimationFrame(() => this.update());
    }
  };

  /** Whether the view is inside the area drawn last, at the zoom it was drawn at. */
  private drawnAreaHoldsView(): boolean {
    const map = this._map;
    if (!map || !this.frame || map.getZoom() !== this.frame.zoom) return false;
    const min = map.containerPointToLayerPoint([0, 0]);
    return this.frame.bounds.contains(L.bounds(min, min.add(map.getSize())));
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
    if (!map || !this.center || !this.frame) return;
    const scale = map.getZoomScale(zoom, this.frame.zoom);
    const viewHalf = map.getSize().divideBy(2).add([this.pad, this.pad]);
    const currentCenterPoint = map.project(this.center, zoom);
    // biome-ignore lint/suspicious/noExplicitAny: Leaflet's renderers use the same internal call
    const origin = (map as any)._getNewPixelOrigin(center, zoom) as L.Point;
    const topLeft = viewHalf.multiplyBy(-scale).add(currentCenterPoint).subtract(origin);
    L.DomUtil.setTransform(this.canvas, topLeft, scale);
  }

  /** Lays the canvas out over the view and its margin, then draws it. */
  protected update = () => {
    const map = this._map;
    if (!map) return;
    const size = map.getSize();
    this.pad = Math.round(Math.max(size.x, size.y) * PADDING);
    const min = map.containerPointToLayerPoint([-this.pad, -this.pad]).round();
    const bounds = L.bounds(min, min.add([size.x + 2 * this.pad, size.y + 2 * this.pad]));
    this.frame = { bounds, zoom: map.getZoom() };
    this.center = map.getCenter();
    const w = bounds.max!.x - min.x;
    const h = bounds.max!.y - min.y;
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

  /** Clears the canvas and sets its transform to layer pixels; answers the drawn box. */
  protected clear(): { min: L.Point; max: L.Point } | undefined {
    if (!this.frame) return undefined;
    const min = this.frame.bounds.min!;
    const max = this.frame.bounds.max!;
    const ctx = this.ctx;
    ctx.setTransform(this.dpr, 0, 0, this.dpr, -min.x * this.dpr, -min.y * this.dpr);
    ctx.clearRect(min.x, min.y, max.x - min.x, max.y - min.y);
    return { min, max };
  }
}
