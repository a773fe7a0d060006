import { Tint } from '@waypoint/shared/map/tints';

/**
 * Suggestion tints do not rely on colour alone: besides its SPEC colour each tint has its own ring
 * pattern and a badge with its own shape — added: solid ring and a plus; changed: dashed ring and a
 * diamond; removed: dotted ring and a cross.
 */
export const tintCues: Record<number, { dash: number[]; badge: 'plus' | 'diamond' | 'cross' }> = {
  [Tint.Add]: { dash: [], badge: 'plus' },
  [Tint.Update]: { dash: [6, 3], badge: 'diamond' },
  [Tint.Delete]: { dash: [3, 3], badge: 'cross' },
};

type Ctx = Pick<
  CanvasRenderingContext2D,
  | 'beginPath'
  | 'arc'
  | 'stroke'
  | 'fill'
  | 'moveTo'
  | 'lineTo'
  | 'closePath'
  | 'setLineDash'
  | 'lineWidth'
  | 'strokeStyle'
  | 'fillStyle'
  | 'lineCap'
  | 'lineDashOffset'
>;

/** The ring of a tint around (cx, cy) with radius r, in its pattern, over a dark edge. */
export function drawTintRing(ctx: Ctx, tint: number, color: string, cx: number, cy: number, r: number) {
  const cue = tintCues[tint];
  const dash = cue?.dash ?? [];
  ctx.setLineDash(dash);
  // A dash (not a gap) sits at three o'clock, the side a marker is read from first.
  ctx.lineDashOffset = (dash[0] ?? 0) / 2;
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
  ctx.lineWidth = 5;
  ctx.strokeStyle = 'rgba(17, 24, 39, 0.75)';
  ctx.stroke();
  ctx.lineWidth = 3;
  ctx.strokeStyle = color;
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.lineDashOffset = 0;
}

/** The tint's badge: a small white disc on the ring's upper right with the tint's shape in dark ink. */
export function drawTintBadge(ctx: Ctx, tint: number, cx: number, cy: number, r: number) {
  const cue = tintCues[tint];
  if (!cue) return;
  const bx = cx + r * Math.SQRT1_2;
  const by = cy - r * Math.SQRT1_2;
  const size = 5;
  ctx.beginPath();
  ctx.arc(bx, by, size + 1.5, 0, Math.PI * 2);
  ctx.fillStyle = '#ffffff';
  ctx.fill();
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = '#111827';
  ctx.stroke();
  ctx.lineWidth = 2;
  ctx.lineCap = 'round';
  ctx.beginPath();
  const s = size * 0.6;
  if (cue.badge === 'plus') {
    ctx.moveTo(bx - s, by);
    ctx.lineTo(bx + s, by);
    ctx.moveTo(bx, by - s);
    ctx.lineTo(bx, by + s);
    ctx.stroke();
  } else if (cue.badge === 'cross') {
    ctx.moveTo(bx - s, by - s);
    ctx.lineTo(bx + s, by + s);
    ctx.moveTo(bx + s, by - s);
    ctx.lineTo(bx - s, by + s);
    ctx.stroke();
  } else {
    ctx.moveTo(bx, by - s);
    ctx.lineTo(bx + s, by);
    ctx.lineTo(bx, by + s);
    ctx.lineTo(bx - s, by);
    ctx.closePath();
    ctx.fillStyle = '#111827';
    ctx.fill();
  }
}
