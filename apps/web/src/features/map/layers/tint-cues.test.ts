import { Tint } from '@waypoint/shared/map/tints';
import { describe, expect, it } from 'vitest';
import { drawTintBadge, drawTintRing, tintCues } from './tint-cues.ts';

/** A drawing context that writes down what is drawn. */
function recorder() {
  const calls: string[] = [];
  const ctx = {
    lineWidth: 0,
    strokeStyle: '',
    fillStyle: '',
    lineCap: 'butt',
    lineDashOffset: 0,
    beginPath: () => calls.push('begin'),
    closePath: () => calls.push('close'),
    arc: () => calls.push('arc'),
    stroke: () => calls.push('stroke'),
    fill: () => calls.push('fill'),
    moveTo: (x: number, y: number) => calls.push(`move ${Math.round(x)},${Math.round(y)}`),
    lineTo: (x: number, y: number) => calls.push(`line ${Math.round(x)},${Math.round(y)}`),
    setLineDash: (d: number[]) => calls.push(`dash:${d.join(',')}`),
  };
  return { ctx: ctx as never, calls };
}

describe('suggestion tint cues', () => {
  const tints = [Tint.Add, Tint.Update, Tint.Delete];

  it('draws each tint with its own ring pattern', () => {
    const dashes = tints.map((t) => {
      const { ctx, calls } = recorder();
      drawTintRing(ctx, t, '#00ff00', 20, 20, 14);
      return calls.find((c) => c.startsWith('dash:'));
    });
    expect(new Set(dashes).size).toBe(3);
  });

  it('draws each tint with its own badge shape', () => {
    const shapes = tints.map((t) => {
      const { ctx, calls } = recorder();
      drawTintBadge(ctx, t, 20, 20, 14);
      return calls.join(' ');
    });
    expect(new Set(shapes).size).toBe(3);
    expect(shapes[0]).toMatch(/move \S+ line \S+ move \S+ line \S+ stroke/);
    expect(Object.keys(tintCues)).toHaveLength(3);
  });
});
