import { describe, expect, it } from 'vitest';
import { popupRoom } from './popup-room.ts';

const least = { top: 60, left: 20, bottom: 20, right: 20 };
const rect = (left: number, top: number, width: number, height: number) => ({
  left,
  top,
  right: left + width,
  bottom: top + height,
});

describe('popupRoom', () => {
  it('keeps the least room when nothing is over the map', () => {
    expect(popupRoom(1040, 844, [], least)).toEqual(least);
  });

  it('gives each control the edge it takes least from: toolbar top, floor control left, coordinates bottom', () => {
    const room = popupRoom(
      390,
      788,
      [
        rect(52, 84, 200, 34), // the pins' toolbar
        rect(10, 128, 40, 100), // the floor control
        rect(200, 560, 178, 80), // the coordinates
        rect(12, 710, 110, 44), // the Markers handle
      ],
      least,
    );
    expect(room).toEqual({ top: 126, left: 58, bottom: 236, right: 20 });
  });

  it('leaves out controls that are hidden or outside the map', () => {
    expect(
      popupRoom(390, 788, [rect(0, 0, 0, 0), rect(-300, 10, 200, 40), rect(10, 900, 50, 50)], least),
    ).toEqual(least);
  });
});
