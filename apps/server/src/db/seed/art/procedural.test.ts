import { describe, expect, it } from 'vitest';
import { getSharp } from '../../../media/sharp.ts';
import { generateProceduralMap } from './procedural.ts';
import { lookOfMap, type MapLook, planMap } from './procedural-plan.ts';

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

describe('looks of demo maps', () => {
  const size = 384;
  const draw = (look: MapLook) =>
    generateProceduralMap({ width: size, height: size, seed: `look-${look}`, look });
  /** Share of pixels in each of 4x4x4 colour bins. */
  const histogram = (raw: Buffer) => {
    const bins = new Float64Array(64);
    const pixels = raw.length / 3;
    for (let i = 0; i < raw.length; i += 3)
      bins[(raw[i] >> 6) * 16 + (raw[i + 1] >> 6) * 4 + (raw[i + 2] >> 6)] += 1 / pixels;
    return bins;
  };

  it('picks the look from the map name, else its region', () => {
    expect(lookOfMap('City Center')).toBe('city');
    expect(lookOfMap('Northtown')).toBe('city');
    expect(lookOfMap('Silverbrook Village')).toBe('city');
    expect(lookOfMap('Crystal Caverns')).toBe('cavern');
    expect(lookOfMap('Cold Bunker')).toBe('bunker');
    expect(lookOfMap('Mercy Hospital', 'City')).toBe('bunker');
    expect(lookOfMap('Harbor Docks', 'Coast')).toBe('island');
    expect(lookOfMap('Echo Halls', 'The Underdeep')).toBe('cavern');
  });

  it('gives islands, cities, caverns and bunkers visibly different pictures', async () => {
    const sharp = getSharp();
    const looks = ['island', 'city', 'cavern', 'bunker'] as const;
    const pictures = await Promise.all(looks.map(draw));
    const raws = await Promise.all(pictures.map((p) => sharp(p.png).removeAlpha().raw().toBuffer()));
    const means = raws.map((raw) => {
      const sum = [0, 0, 0];
      for (let i = 0; i < raw.length; i++) sum[i % 3] += raw[i];
      return sum.map((s) => s / (raw.length / 3));
    });
    const hists = raws.map(histogram);
    for (let a = 0; a < looks.length; a++) {
      expect(pictures[a].look).toBe(looks[a]);
      for (let b = a + 1; b < looks.length; b++) {
        const pair = `${looks[a]} / ${looks[b]}`;
        // Histogram intersection: the share of pixels whose colours both pictures have.
        const shared = hists[a].reduce((s, v, i) => s + Math.min(v, hists[b][i]), 0);
        expect(shared, pair).toBeLessThan(0.7);
        const distance = Math.hypot(...means[a].map((v, i) => v - means[b][i]));
        expect(distance, pair).toBeGreaterThan(15);
      }
    }
    // The same seed and look draw the same picture; the look changes it.
    expect((await draw('cavern')).png.equals(pictures[2].png)).toBe(true);
  });

  it('shows ground where the plan puts markers: land, cave floor and rooms are lighter or less blue than what is not', async () => {
    const sharp = getSharp();
    for (const look of ['island', 'cavern', 'bunker'] as const) {
      const picture = await draw(look);
      const raw = await sharp(picture.png).removeAlpha().raw().toBuffer();
      const plan = planMap({ width: size, height: size, seed: `look-${look}`, look });
      const open = { n: 0, light: 0, blue: 0 };
      const closed = { n: 0, light: 0, blue: 0 };
      for (let y = 60; y < size - 60; y += 3) {
        for (let x = 60; x < size - 60; x += 3) {
          const o = (y * size + x) * 3;
          const side = plan.isOpen(x, y) ? open : closed;
          side.n++;
          side.light += (raw[o] + raw[o + 1] + raw[o + 2]) / 3;
          side.blue += raw[o + 2] - raw[o];
        }
      }
      expect(open.n, look).toBeGreaterThan(200);
      expect(closed.n, look).toBeGreaterThan(200);
      if (look === 'island') expect(open.blue / open.n, look).toBeLessThan(closed.blue / closed.n - 30);
      else expect(open.light / open.n, look).toBeGreaterThan(closed.light / closed.n + 40);
    }
  });
});
