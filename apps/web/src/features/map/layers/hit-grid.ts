/**
 * A uniform grid over drawn boxes in layer pixels: what is under the pointer, answered by looking
 * at one cell instead of every marker. Rebuilt with every redraw; later boxes are drawn on top.
 */
export class HitGrid {
  private cells = new Map<number, number[]>();
  private boxes: number[] = [];
  private ids: number[] = [];

  constructor(private readonly cellSize = 64) {}

  clear() {
    this.cells.clear();
    this.boxes.length = 0;
    this.ids.length = 0;
  }

  private key(cx: number, cy: number) {
    return (cx + 32768) * 65536 + (cy + 32768);
  }

  /** Adds a box; `id` is what a hit answers. */
  add(id: number, x0: number, y0: number, x1: number, y1: number) {
    const slot = this.ids.length;
    this.ids.push(id);
    this.boxes.push(x0, y0, x1, y1);
    const s = this.cellSize;
    for (let cx = Math.floor(x0 / s); cx <= Math.floor(x1 / s); cx++) {
      for (let cy = Math.floor(y0 / s); cy <= Math.floor(y1 / s); cy++) {
        const k = this.key(cx, cy);
        const list = this.cells.get(k);
        if (list) list.push(slot);
        else this.cells.set(k, [slot]);
      }
    }
  }

  /** The topmost box containing the point, or undefined. */
  hit(x: number, y: number): number | undefined {
    const list = this.cells.get(this.key(Math.floor(x / this.cellSize), Math.floor(y / this.cellSize)));
    if (!list) return undefined;
    for (let k = list.length - 1; k >= 0; k--) {
      const slot = list[k];
      const b = slot * 4;
      if (x >= this.boxes[b] && x <= this.boxes[b + 2] && y >= this.boxes[b + 1] && y <= this.boxes[b + 3]) {
        return this.ids[slot];
      }
    }
    return undefined;
  }
}
