import { describe, expect, it } from 'vitest';
import {
  gameToPixel,
  goToPixel,
  type MapTransform,
  mapTransformOf,
  parseCoordinate,
  pathLength,
  pixelToGame,
  shownCoordinates,
  shownExtent,
} from './coords.ts';

const t = (o: Partial<MapTransform> = {}): MapTransform => ({
  scale: 2,
  offsetX: 100,
  offsetY: 300,
  rotation: 0,
  unit: 'm',
  ...o,
});

const close = (a: { x: number; y: number }, b: { x: number; y: number }) => {
  expect(a.x).toBeCloseTo(b.x, 9);
  expect(a.y).toBeCloseTo(b.y, 9);
};

describe('mapTransformOf', () => {
  it('is undefined without a positive scale', () => {
    expect(mapTransformOf({})).toBeUndefined();
    expect(mapTransformOf({ coordScale: null, coordOffsetX: 5 })).toBeUndefined();
    expect(mapTransformOf({ coordScale: 0 })).toBeUndefined();
    expect(mapTransformOf({ coordScale: -1 })).toBeUndefined();
  });

  it('reads the map fields, missing ones as 0 and no unit', () => {
    expect(mapTransformOf({ coordScale: 0.5, coordOffsetY: 7 })).toEqual({
      scale: 0.5,
      offsetX: 0,
      offsetY: 7,
      rotation: 0,
      unit: '',
    });
  });
});

describe('game units and map pixels', () => {
  it('puts the game origin on the offset, x to the right and y up the map', () => {
    close(gameToPixel(t(), { x: 0, y: 0 }), { x: 100, y: 300 });
    close(gameToPixel(t(), { x: 10, y: 0 }), { x: 120, y: 300 });
    close(gameToPixel(t(), { x: 0, y: 10 }), { x: 100, y: 280 });
  });

  it('turns the game axes counter-clockwise', () => {
    // A quarter turn: the game's x axis points up the map, its y axis to the left.
    close(gameToPixel(t({ rotation: 90 }), { x: 10, y: 0 }), { x: 100, y: 280 });
    close(gameToPixel(t({ rotation: 90 }), { x: 0, y: 10 }), { x: 80, y: 300 });
    // Half a turn mirrors both axes through the origin.
    close(gameToPixel(t({ rotation: 180 }), { x: 3, y: 4 }), { x: 94, y: 308 });
    // A whole turn changes nothing.
    close(gameToPixel(t({ rotation: 360 }), { x: 3, y: 4 }), gameToPixel(t(), { x: 3, y: 4 }));
    close(
      gameToPixel(t({ rotation: -90 }), { x: 3, y: 4 }),
      gameToPixel(t({ rotation: 270 }), { x: 3, y: 4 }),
    );
  });

  it('goes there and back at any turn and scale', () => {
    for (const rotation of [0, 30, 90, 135, -45, 180, 270]) {
      for (const scale of [0.1855, 1, 3.5]) {
        const tr = t({ rotation, scale, offsetX: -40.5, offsetY: 1234 });
        for (const p of [
          { x: 0, y: 0 },
          { x: 123.4, y: -56.7 },
          { x: -1000, y: 2500.25 },
        ]) {
          close(pixelToGame(tr, gameToPixel(tr, p)), p);
          close(gameToPixel(tr, pixelToGame(tr, p)), p);
        }
      }
    }
  });

  it('matches tarkov.dev for a turned map', () => {
    // tarkov.dev: [lat, lng] = turn([z, x]), then L.Transformation(scale, marginX, -scale, marginY).
    const tr = t({ scale: 0.1855, offsetX: 113.1, offsetY: 167.8, rotation: 180 });
    close(gameToPixel(tr, { x: 100, y: 50 }), { x: 113.1 - 18.55, y: 167.8 + 9.275 });
  });

  it('shows map pixels without a transform', () => {
    expect(shownCoordinates(undefined, { x: 12, y: 34 })).toEqual({ x: 12, y: 34 });
    close(shownCoordinates(t(), { x: 120, y: 280 }), { x: 10, y: 10 });
  });
});

describe('pathLength', () => {
  const line = [
    { x: 0, y: 0 },
    { x: 30, y: 40 },
    { x: 30, y: 100 },
  ];

  it('adds the segments in map pixels without a transform', () => {
    expect(pathLength(line)).toBe(110);
    expect(pathLength([])).toBe(0);
    expect(pathLength([{ x: 5, y: 5 }])).toBe(0);
  });

  it('is in game units with a transform, whatever its turn and offset', () => {
    expect(pathLength(line, t({ scale: 2 }))).toBe(55);
    expect(pathLength(line, t({ scale: 2, rotation: 37, offsetX: -9 }))).toBe(55);
  });

  it('agrees with the distance of the two places in game units', () => {
    const tr = t({ scale: 0.75, rotation: 63 });
    const a = { x: -20, y: 45 };
    const b = { x: 80, y: -10 };
    const length = pathLength([gameToPixel(tr, a), gameToPixel(tr, b)], tr);
    expect(length).toBeCloseTo(Math.hypot(b.x - a.x, b.y - a.y), 9);
  });
});

describe('parseCoordinate', () => {
  it('reads decimals with a point or a comma and a sign', () => {
    expect(parseCoordinate('12')).toBe(12);
    expect(parseCoordinate(' -12.5 ')).toBe(-12.5);
    expect(parseCoordinate('12,5')).toBe(12.5);
    expect(parseCoordinate('+3')).toBe(3);
    expect(parseCoordinate('.5')).toBe(0.5);
    expect(parseCoordinate('\u22127')).toBe(-7);
  });

  it('refuses what is not one number', () => {
    for (const s of ['', ' ', 'abc', '1,000.5', '1.2.3', '12m', '1e5', '--1', 'NaN', 'Infinity', '0x10']) {
      expect(parseCoordinate(s), s).toBeUndefined();
    }
  });
});

describe('goToPixel', () => {
  const size = { width: 1000, height: 800 };

  it('names the field that is not a number', () => {
    expect(goToPixel(undefined, size, 'x', '5')).toEqual({ problem: 'x' });
    expect(goToPixel(undefined, size, '5', '')).toEqual({ problem: 'y' });
  });

  it('takes map pixels without a transform, inside the picture only', () => {
    expect(goToPixel(undefined, size, '250', '400,5')).toEqual({ pixel: { x: 250, y: 400.5 } });
    expect(goToPixel(undefined, size, '1000', '800')).toEqual({ pixel: { x: 1000, y: 800 } });
    expect(goToPixel(undefined, size, '-1', '5')).toEqual({ problem: 'outside' });
    expect(goToPixel(undefined, size, '5', '801')).toEqual({ problem: 'outside' });
  });

  it('takes game units with a transform', () => {
    const tr = t();
    const r = goToPixel(tr, size, '10', '10');
    expect(r).toEqual({ pixel: { x: 120, y: 280 } });
    expect(goToPixel(tr, size, '-60', '0')).toEqual({ problem: 'outside' });
  });

  it('takes a corner typed in game units of a turned map', () => {
    const tr = t({ rotation: 33, scale: 0.37 });
    const corner = pixelToGame(tr, { x: 1000, y: 800 });
    const r = goToPixel(tr, size, String(corner.x), String(corner.y));
    expect('pixel' in r).toBe(true);
  });
});

describe('shownExtent', () => {
  it('spans the picture in the coordinates shown', () => {
    expect(shownExtent(undefined, { width: 10, height: 20 })).toEqual({
      minX: 0,
      maxX: 10,
      minY: 0,
      maxY: 20,
    });
    const e = shownExtent(t(), { width: 1000, height: 800 });
    expect(e.minX).toBeCloseTo(-50);
    expect(e.maxX).toBeCloseTo(450);
    expect(e.minY).toBeCloseTo(-250);
    expect(e.maxY).toBeCloseTo(150);
  });
});
