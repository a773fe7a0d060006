/**
 * Label placement for the marker canvas: labels are offered most important first and each one is
 * kept only if its box overlaps none kept before it, so a crowded map shows the labels that matter
 * and the rest appear as the player zooms in and the markers move apart. Boxes are kept in a
 * uniform grid, so one placement looks at a few cells, not every label.
 */
export class LabelPlacer {
  private cells = new Map<number, number[]>();
  private boxes: number[] = [];

  constructor(private readonly cellSize = 128) {}

  clear() {
    this.cells.clear();
    this.boxes.length = 0;
  }

  /** How many labels were kept since the last `clear`. */
  get placed() {
    return this.boxes.length / 4;
  }

  private key(cx: number, cy: number) {
    return (cx + 32768) * 65536 + (cy + 32768);
  }

  /** Keeps the box (x0, y0)–(x1, y1) and answers true when it overlaps no kept box. */
  place(x0: number, y0: number, x1: number, y1: number): boolean {
    const s = this.cellSize;
    const cx0 = Math.floor(x0 / s);
    const cx1 = Math.floor(x1 / s);
    const cy0 = Math.floor(y0 / s);
    const cy1 = Math.floor(y1 / s);
    const b = this.boxes;
    for (let cx = cx0; cx <= cx1; cx++) {
      for (let cy = cy0; cy <= cy1; cy++) {
        const list = this.cells.get(this.key(cx, cy));
        if (!list) continue;
        for (const k of list) {
          if (x0 < b[k + 2] && x1 > b[k] && y0 < b[k + 3] && y1 > b[k + 1]) return false;
        }
      }
    }
    const slot = b.length;
    b.push(x0, y0, x1, y1);
    for (let cx = cx0; cx <= cx1; cx++) {
      for (let cy = cy0; cy <= cy1; cy++) {
        const k = this.key(cx, cy);
        const list = this.cells.get(k);
        if (list) list.push(slot);
        else this.cells.set(k, [slot]);
      }
    }
    return true;
  }
}
