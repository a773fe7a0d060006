import { describe, expect, it } from 'vitest';
import { generateProceduralMap } from './procedural.ts';
import { getSharp } from './sharp.ts';

describe('procedural demo maps', () => {
  it('draws a PNG of the asked size, the same for the same seed', async () => {
    const a = await generateProceduralMap({ width: 768, height: 512, seed: 'test-seed', title: 'Test Isle' });
    const b = await generateProceduralMap({ width: 768, height: 512, seed: 'test-seed', title: 'Test Isle' });
    const meta = await getSharp()(a.png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 768, 512]);
    expect(a.png.equals(b.png)).toBe(true);
    expect(a.towns.length).toBeGreaterThan(3);
    expect(new Set(a.towns.map((t) => t.name)).size).toBe(a.towns.length);
  });

  it('differs between seeds and has both land and water', async () => {
    const a = await generateProceduralMap({ width: 512, height: 512, seed: 'one' });
    const b = await generateProceduralMap({ width: 512, height: 512, seed: 'two' });
    expect(a.png.equals(b.png)).toBe(false);
    const { channels } = await getSharp()(a.png).stats();
    // Blue dominates somewhere (sea) and green somewhere (land): wide ranges in both channels.
    expect(channels[2].max - channels[2].min).toBeGreaterThan(100);
    expect(channels[1].max - channels[1].min).toBeGreaterThan(100);
  });
});
