import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../random.ts';
import { LabelPlacer } from './label-placement.ts';

describe('label placement', () => {
  it('keeps a label only when it overlaps none kept before it', () => {
    const placer = new LabelPlacer(32);
    expect(placer.place(0, 0, 50, 15)).toBe(true);
    // Overlaps the first one by a pixel: hidden.
    expect(placer.place(49, 14, 90, 29)).toBe(false);
    // Touching edges is not overlapping.
    expect(placer.place(50, 0, 100, 15)).toBe(true);
    expect(placer.place(0, 15, 50, 30)).toBe(true);
    // Inside a kept label, far from its first cell.
    expect(placer.place(70, 5, 80, 10)).toBe(false);
    expect(placer.placed).toBe(3);
    placer.clear();
    expect(placer.placed).toBe(0);
    expect(placer.place(49, 14, 90, 29)).toBe(true);
  });

  it('handles boxes larger than a cell and negative coordinates', () => {
    const placer = new LabelPlacer(16);
    expect(placer.place(-100, -40, 100, -20)).toBe(true);
    expect(placer.place(90, -25, 120, -10)).toBe(false);
    expect(placer.place(-5, -30, 5, -25)).toBe(false);
    expect(placer.place(-100, -20, 100, 0)).toBe(true);
  });

  it('agrees with checking every pair, and more labels are kept as markers move apart', () => {
    const random = mulberry32(11);
    const labels = Array.from({ length: 800 }, () => ({
      x: random() * 1000,
      y: random() * 1000,
      w: 20 + random() * 60,
    }));
    const kept = (spread: number) => {
      const placer = new LabelPlacer();
      const boxes: number[][] = [];
      let count = 0;
      for (const l of labels) {
        const box = [l.x * spread - l.w / 2, l.y * spread, l.x * spread + l.w / 2, l.y * spread + 15];
        const free = boxes.every((o) => !(box[0] < o[2] && box[2] > o[0] && box[1] < o[3] && box[3] > o[1]));
        const placed = placer.place(box[0], box[1], box[2], box[3]);
        expect(placed).toBe(free);
        if (placed) {
          boxes.push(box);
          count++;
        }
      }
      return count;
    };
    const near = kept(1);
    const zoomed = kept(2);
    const closer = kept(4);
    expect(near).toBeLessThan(labels.length);
    expect(zoomed).toBeGreaterThan(near);
    expect(closer).toBeGreaterThan(zoomed);
  });
});
