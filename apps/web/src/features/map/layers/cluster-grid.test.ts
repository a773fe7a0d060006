import { describe, expect, it } from 'vitest';
import { ClusterGrid } from './cluster-grid.ts';

const extent = { minX: 0, minY: 0, maxX: 100, maxY: 100 };

describe('cluster grid', () => {
  it('makes a cluster of three markers in one cell, with its middle and bounds', () => {
    // Scale 1, cells of 10 units.
    const grid = new ClusterGrid(1, extent, 10);
    grid.add(0, 1, 1);
    grid.add(1, 3, 5);
    grid.add(2, 5, 9);
    grid.add(3, 55, 55);
    expect(grid.clusters()).toEqual([{ x: 3, y: 5, count: 3, minX: 1, minY: 1, maxX: 5, maxY: 9 }]);
    expect(grid.singles()).toEqual([3]);
  });

  it('gives back the markers of cells under three, and counts markers added later', () => {
    const grid = new ClusterGrid(2, extent, 10);
    grid.add(7, 1, 1);
    grid.add(8, 2, 2);
    expect(grid.clusters()).toEqual([]);
    expect(grid.singles().sort()).toEqual([7, 8]);
    grid.add(9, 3, 3);
    expect(grid.clusters().map((c) => c.count)).toEqual([3]);
    expect(grid.singles()).toEqual([]);
  });

  it('counts markers outside the expected extent and grows past its first slots', () => {
    const grid = new ClusterGrid(1, extent, 1);
    for (let i = 0; i < 3000; i++) grid.add(i, (i % 50) * 2 + 0.5, Math.floor(i / 50) * 2 + 0.5);
    for (let k = 0; k < 3; k++) grid.add(5000 + k, -500.5, 900.5);
    const clusters = grid.clusters();
    expect(clusters).toHaveLength(1);
    expect(clusters[0]).toMatchObject({ count: 3, minX: -500.5, maxY: 900.5 });
    expect(grid.singles()).toHaveLength(3000);
  });
});
