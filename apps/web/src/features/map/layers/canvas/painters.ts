import type { LabelPlacer } from '@waypoint/shared/map/label-placement';
import { tintColors } from '@waypoint/shared/map/tints';
import type { Cluster } from '../cluster-grid.ts';
import type { HitGrid } from '../hit-grid.ts';
import type { SpriteCache } from '../icons.ts';
import { MarkerKind, type MarkerStore } from '../marker-store.ts';
import { drawTintBadge, drawTintRing } from '../tint-cues.ts';

/**
 * The passes of one draw of the marker canvas, in the order they are drawn: icons, tints (and the
 * placed markers not in the store yet), report flags, name labels, clusters, highlight. Each pass
 * paints the markers handed to it at the view's scale; none decides which markers are in view.
 */
export interface Paint {
  ctx: CanvasRenderingContext2D;
  store: MarkerStore;
  sprites: SpriteCache;
  /** Zoom-0 units to layer pixels: `x * scale - ox`. */
  scale: number;
  ox: number;
  oy: number;
}

/** A marker drawn before it is in the store (placed, waiting for the server's answer). */
export interface ExtraMarker {
  lat: number;
  lng: number;
  /** Index into the store's definitions. */
  def: number;
  tint: number;
}

const FONT_FAMILY = 'system-ui, -apple-system, Segoe UI, Roboto, sans-serif';
const LABEL_FONT = `600 12px ${FONT_FAMILY}`;
const CLUSTER_FONT = `700 12px ${FONT_FAMILY}`;
/** A label's box height: the 12 px text and its outline. */
const LABEL_HEIGHT = 16;

/**
 * Icons, faded when found, each added to the hit grid. Answers the markers the later passes draw on:
 * those with a name label, with a report flag, with a suggestion tint.
 */
export function paintIcons(p: Paint, singles: readonly number[], grid: HitGrid, completedOpacity: number) {
  const { ctx, store, sprites, scale, ox, oy } = p;
  const { x: xs, y: ys, completed, def } = store;
  const labels: number[] = [];
  const flagged: number[] = [];
  const tinted: number[] = [];
  const tint = store.tinted ? store.tint : undefined;
  for (const i of singles) {
    const sprite = sprites.get(def[i]);
    const px = xs[i] * scale - ox;
    const py = ys[i] * scale - oy;
    const left = px - sprite.anchorX;
    const top = py - sprite.anchorY;
    ctx.globalAlpha = completed[i] ? completedOpacity : 1;
    ctx.drawImage(sprite.image, left, top, sprite.width, sprite.height);
    grid.add(i, left, top, left + sprite.width, top + sprite.height);
    if (store.definitions[def[i]].showNameLabel && store.names[i]) labels.push(i);
    if (store.reported[i]) flagged.push(i);
    if (tint && tint[i] !== 0) tinted.push(i);
  }
  ctx.globalAlpha = 1;
  return { labels, flagged, tinted };
}

/** How strongly a marker of another floor shows, where the player asks to see other floors. */
const FAINT_OPACITY = 0.3;

/** Markers of other floors: drawn under the floor's own, faint, and not clickable. */
export function paintFaint(p: Paint, faint: readonly number[]) {
  const { ctx, store, sprites, scale, ox, oy } = p;
  const { x: xs, y: ys, def } = store;
  ctx.globalAlpha = FAINT_OPACITY;
  for (const i of faint) {
    const sprite = sprites.get(def[i]);
    ctx.drawImage(
      sprite.image,
      xs[i] * scale - ox - sprite.anchorX,
      ys[i] * scale - oy - sprite.anchorY,
      sprite.width,
      sprite.height,
    );
  }
  ctx.globalAlpha = 1;
}

/** Ring images per tint and icon size: drawing a bitmap costs far less than stroking a circle. */
export class TintRings {
  private rings = new Map<string, { image: HTMLCanvasElement; half: number }>();

  constructor(private readonly dpr: number) {}

  get(tint: number, width: number, height: number) {
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
}

/**
 * A ring in the suggestion colour around each tinted marker, with a thin dark edge that keeps
 * yellow and green readable on light maps, and the tint's own pattern and badge (tint-cues.ts).
 */
export function paintTints(p: Paint, tinted: readonly number[], rings: TintRings) {
  const { ctx, store, sprites, scale, ox, oy } = p;
  const { x: xs, y: ys, def, tint } = store;
  for (const i of tinted) {
    const sprite = sprites.get(def[i]);
    const ring = rings.get(tint[i], sprite.width, sprite.height);
    const px = xs[i] * scale - ox;
    const py = ys[i] * scale - oy - sprite.anchorY + sprite.height / 2;
    const size = ring.half * 2;
    ctx.drawImage(ring.image, px - ring.half, py - ring.half, size, size);
  }
}

/** Markers placed and not yet in the store, with their suggestion ring. */
export function paintExtras(p: Paint, extras: readonly ExtraMarker[], rings: TintRings) {
  const { ctx, sprites, scale, ox, oy } = p;
  for (const e of extras) {
    const sprite = sprites.get(e.def);
    const px = e.lng * scale - ox;
    const py = -e.lat * scale - oy;
    ctx.drawImage(sprite.image, px - sprite.anchorX, py - sprite.anchorY, sprite.width, sprite.height);
    if (e.tint) {
      const ring = rings.get(e.tint, sprite.width, sprite.height);
      const cy = py - sprite.anchorY + sprite.height / 2;
      ctx.drawImage(ring.image, px - ring.half, cy - ring.half, ring.half * 2, ring.half * 2);
    }
  }
}

/** Markers that players reported gone or moved: a small red flag at the icon's top right. */
export function paintFlags(p: Paint, flagged: readonly number[]) {
  const { ctx, store, sprites, scale, ox, oy } = p;
  const { x: xs, y: ys, def } = store;
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
}

/**
 * Name labels, most important first: markers not yet found, then the ones drawn on top. A label
 * that would overlap one already placed is left out until zooming in makes room. `widths` keeps
 * label widths by name (measuring text is the costly part). Answers how many were drawn.
 */
export function paintLabels(
  p: Paint,
  labels: readonly number[],
  placer: LabelPlacer,
  widths: Map<string, number>,
  completedOpacity: number,
): number {
  if (labels.length === 0) return 0;
  const { ctx, store, sprites, scale, ox, oy } = p;
  const { x: xs, y: ys, def, completed } = store;
  let shown = 0;
  ctx.font = LABEL_FONT;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  ctx.lineJoin = 'round';
  ctx.lineWidth = 3;
  ctx.strokeStyle = 'rgba(0,0,0,0.8)';
  ctx.fillStyle = '#ffffff';
  placer.clear();
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
      ctx.globalAlpha = pass === 1 ? completedOpacity : 1;
      ctx.strokeText(name, px, py);
      ctx.fillText(name, px, py);
      shown++;
    }
  }
  ctx.globalAlpha = 1;
  return shown;
}

/** Clusters (in layer pixels) as counted discs, each added to the hit grid as `-1 - n`. */
export function paintClusters(ctx: CanvasRenderingContext2D, clusters: readonly Cluster[], grid: HitGrid) {
  clusters.forEach((c, n) => {
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
    ctx.font = CLUSTER_FONT;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(String(c.count), c.x, c.y + 0.5);
    grid.add(-1 - n, c.x - r, c.y - r, c.x + r, c.y + r);
  });
}

/** The highlighted marker (the list's focus, a marker flown to): a yellow ring with a dark edge. */
export function paintHighlight(p: Paint, h: number) {
  const { ctx, store, sprites, scale, ox, oy } = p;
  if (h < 0 || h >= store.size || store.kind[h] !== MarkerKind.Icon) return;
  const sprite = sprites.get(store.def[h]);
  const px = store.x[h] * scale - ox;
  const py = store.y[h] * scale - oy - sprite.anchorY + sprite.height / 2;
  ctx.beginPath();
  ctx.arc(px, py, Math.max(sprite.width, sprite.height) / 2 + 8, 0, Math.PI * 2);
  ctx.lineWidth = 4;
  ctx.strokeStyle = '#facc15';
  ctx.stroke();
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = '#111827';
  ctx.stroke();
}
