/** One cluster: its middle in world pixels, its count, and its bounds in zoom-0 map units. */
export interface Cluster {
  x: number;
  y: number;
  count: number;
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** Dense cells at most; beyond, cells outside the dense area are kept in a `Map`. */
const DENSE_CELLS = 1 << 22;

/**
 * Markers counted into square cells of a world grid at one zoom scale, for drawing clusters. Cells
 * are slots in typed arrays (count, sums and bounds, the first members), found by index in a dense
 * area over the map's extent, so that adding a million markers is one cheap pass, and markers can
 * be added later (a large map's next chunk) without counting the others again. A cell of fewer
 * than `min` markers is not a cluster: its markers are drawn one by one.
 */
export class ClusterGrid {
  private readonly cx0: number;
  private readonly cy0: number;
  private readonly cols: number;
  private readonly rows: number;
  private readonly dense: Int32Array;
  private readonly outside = new Map<number, number>();
  private count = new Uint32Array(1024);
  /** Per slot: sum x, sum y, min x, min y, max x, max y (zoom-0 units). */
  private sums = new Float64Array(1024 * 6);
  /** The first `min - 1` members of each slot (enough to draw a cell that is no cluster). */
  private members: Int32Array;
  private used = 0;

  /**
   * `extent`: zoom-0 bounds the markers are expected in (markers outside still count, a little
   * slower); `cell`: cell size in world pixels.
   */
  constructor(
    readonly scale: number,
    extent: { minX: number; minY: number; maxX: number; maxY: number },
    private readonly cell = 52,
    private readonly min = 3,
  ) {
    const f = scale / cell;
    this.cx0 = Math.floor(extent.minX * f);
    this.cy0 = Math.floor(extent.minY * f);
    let cols = Math.floor(extent.maxX * f) - this.cx0 + 1;
    let rows = Math.floor(extent.maxY * f) - this.cy0 + 1;
    if (!(cols > 0 && rows > 0) || cols * rows > DENSE_CELLS) cols = rows = 0;
    this.cols = cols;
    this.rows = rows;
    this.dense = new Int32Array(cols * rows).fill(-1);
    this.members = new Int32Array(1024 * (min - 1)).fill(-1);
  }

  private grow() {
    const size = this.count.length * 2;
    const count = new Uint32Array(size);
    count.set(this.count);
    this.count = count;
    const sums = new Float64Array(size * 6);
    sums.set(this.sums);
    this.sums = sums;
    const members = new Int32Array(size * (this.min - 1)).fill(-1);
    members.set(this.members);
    this.members = members;
  }

  /** Counts marker `i` at zoom-0 position (x, y). */
  add(i: number, x: number, y: number) {
    const f = this.scale / this.cell;
    const cx = Math.floor(x * f) - this.cx0;
    const cy = Math.floor(y * f) - this.cy0;
    let slot: number;
    const inside = cx >= 0 && cy >= 0 && cx < this.cols && cy < this.rows;
    const key = inside ? cy * this.cols + cx : (cx + 1_048_576) * 2_097_152 + (cy + 1_048_576);
    slot = inside ? this.dense[key] : (this.outside.get(key) ?? -1);
    if (slot < 0) {
      slot = this.used++;
      if (slot >= this.count.length) this.grow();
      if (inside) this.dense[key] = slot;
      else this.outside.set(key, slot);
      const b = slot * 6;
      this.sums[b] = this.sums[b + 1] = 0;
      this.sums[b + 2] = this.sums[b + 4] = x;
      this.sums[b + 3] = this.sums[b + 5] = y;
    }
    const s = this.sums;
    const n = this.count[slot]++;
    if (n < this.min - 1) this.members[slot * (this.min - 1) + n] = i;
    const b = slot * 6;
    s[b] += x;
    s[b + 1] += y;
    if (x < s[b + 2]) s[b + 2] = x;
    if (y < s[b + 3]) s[b + 3] = y;
    if (x > s[b + 4]) s[b + 4] = x;
    if (y > s[b + 5]) s[b + 5] = y;
  }

  /** Cells of `min` markers or more, as clusters in world pixels. */
  clusters(): Cluster[] {
    const out: Cluster[] = [];
    const s = this.sums;
    for (let slot = 0; slot < this.used; slot++) {
      const n = this.count[slot];
      if (n < this.min) continue;
      const b = slot * 6;
      out.push({
        x: (s[b] / n) * this.scale,
        y: (s[b + 1] / n) * this.scale,
        count: n,
        minX: s[b + 2],
        minY: s[b + 3],
        maxX: s[b + 4],
        maxY: s[b + 5],
      });
    }
    return out;
  }

  /** The markers of cells too small to be clusters. */
  singles(): number[] {
    const out: number[] = [];
    const per = this.min - 1;
    for (let slot = 0; slot < this.used; slot++) {
      const n = this.count[slot];
      if (n >= this.min) continue;
      for (let k = 0; k < n; k++) out.push(this.members[slot * per + k]);
    }
    return out;
  }
}
