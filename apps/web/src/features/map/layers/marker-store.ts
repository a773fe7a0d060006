import { isPathDefinition } from '@waypoint/shared/map/definitions';
import type { MarkerChunk } from '@waypoint/shared/map/marker-chunks';
import type { MapMarkerData, MapMarkerDefinition } from '@waypoint/shared/map/marker-data';
import type { SuggestedMarkerColumns } from '@waypoint/shared/map/suggested-markers';
import { Tint } from '@waypoint/shared/map/tints';
import { fillColumns } from './marker-columns.ts';
import { type ChunkLoaded, type FlagsState, MarkerKind, Shown, type StoreChange } from './marker-flags.ts';
import { drawOrderOf } from './marker-order.ts';

export { type ChunkLoaded, type FlagsState, MarkerKind, Shown, type StoreChange } from './marker-flags.ts';

/**
 * The placed markers of one map in flat typed arrays: positions in map units at zoom 0
 * (x = lng, y = -lat, as CRS.Simple projects them), definition, kind, and the per-marker flags
 * that the panels change (visible, completed). Layers read it; the page writes the flags and
 * asks the layers to redraw.
 *
 * A large map's rows arrive in chunks: the store is made with all of them, those not loaded yet
 * hidden, and `fillChunk` adds each chunk in place (its visible and completed flags worked out with
 * the page's last rules), so the layers draw what is there and nothing is built twice.
 *
 * Readers subscribe (`subscribe`) and read `version` (React's `useSyncExternalStore`): every change
 * of the flags or of the rows counts it up.
 */
export class MarkerStore {
  readonly size: number;
  readonly ids: string[];
  readonly names: string[];
  readonly x: Float64Array;
  readonly y: Float64Array;
  readonly def: Int32Array;
  readonly kind: Uint8Array;
  /** `Shown` per marker. */
  readonly visible: Uint8Array;
  readonly completed: Uint8Array;
  /** Markers with open 'gone' or 'moved' reports (a flag is drawn on them). */
  readonly reported: Uint8Array;
  /** Suggestion tint per marker (`Tint` of the shared map rules; all 0 outside suggest mode). */
  readonly tint: Uint8Array;
  /** Whether any marker is tinted (the layers skip the tint pass otherwise). */
  readonly tinted: boolean;
  /** The suggestion each marker shows, or ''. */
  readonly suggestionIds: readonly string[];
  readonly suggestionUsers: readonly string[];
  /** Markers the move tool may drag: new and changed suggestions (§4). */
  readonly draggable: Uint8Array;
  /**
   * Markers by y (top of the map first, then left to right), so that lower markers are drawn over
   * upper ones and a view's markers are one range (binary search on y). Icon markers only, except
   * on a chunked map, where every placed row is listed (the layer skips other kinds).
   */
  readonly drawOrder: Int32Array;
  /**
   * Ranges `[start, end)` of `drawOrder` each sorted by y: one, except on a chunked map with floors,
   * whose rows come floor by floor (one run a floor).
   */
  readonly runs: readonly { start: number; end: number }[];
  /** Markers drawn after the ordered ones, looked at one by one: suggestions that may move. */
  readonly tail: Int32Array;
  /** Rows that are in the store (all but the chunks of a large map not loaded yet). */
  readonly loaded: Uint8Array;
  /** Whether some markers may be drawn faint (a faint rule is applied). */
  drawsFaint = false;
  /** How many rows are loaded (`size` once every chunk is in). */
  loadedRows = 0;
  /** Rows of the map itself (a chunked map's), before suggestion rows. */
  readonly placedRows: number;
  readonly definitions: MapMarkerDefinition[];
  private byId?: Map<string, number>;
  private readonly kinds: number[];
  private lastVisible?: (i: number) => boolean;
  private lastFaint?: (i: number) => boolean;
  private lastCompleted?: ReadonlySet<string>;
  private readonly listeners = new Set<(change: StoreChange) => void>();
  /** Counts up with every change told to the subscribers. */
  version = 0;
  /** Count up when the visible, respectively the completed, flags changed. */
  visibleVersion = 0;
  completedVersion = 0;
  /** The visible, respectively the completed, flags as a value for React's hooks. */
  visibleState: FlagsState;
  completedState: FlagsState;
  private found?: {
    version: number;
    rows: number;
    onFloor?: (level: number) => boolean;
    perDefinition: Map<string, number>;
  };

  /** `chunkLoaded`: for a chunked map, which of its chunks are in the columns already. */
  constructor(
    readonly data: MapMarkerData,
    chunkLoaded?: ChunkLoaded,
  ) {
    const m = data.markers;
    const n = m.id.length;
    this.size = n;
    this.ids = m.id;
    this.names = m.name;
    this.definitions = data.definitions;
    this.x = new Float64Array(n);
    this.y = new Float64Array(n);
    this.def = Int32Array.from(m.def);
    this.kind = new Uint8Array(n);
    this.visible = new Uint8Array(n);
    this.completed = new Uint8Array(n);
    this.visibleState = { flags: this.visible };
    this.completedState = { flags: this.completed };
    this.reported = new Uint8Array(n);
    const reports = m.reportCount ?? [];
    for (let i = 0; i < reports.length && i < n; i++) this.reported[i] = reports[i] > 0 ? 1 : 0;
    this.draggable = new Uint8Array(n);
    const suggested = m as Partial<SuggestedMarkerColumns>;
    this.tint = suggested.tint ? Uint8Array.from(suggested.tint) : new Uint8Array(n);
    this.tinted = this.tint.some((t) => t !== 0);
    for (let i = 0; i < n; i++) {
      if (this.tint[i] === Tint.Add || this.tint[i] === Tint.Update) this.draggable[i] = 1;
    }
    this.suggestionIds = suggested.suggestionId ?? [];
    this.suggestionUsers = suggested.suggestionUser ?? [];
    this.kinds = data.definitions.map((d) =>
      isPathDefinition(d)
        ? MarkerKind.Path
        : d.markerDefinitionType === 'HTML'
          ? MarkerKind.Html
          : MarkerKind.Icon,
    );
    const manifest = data.chunks;
    this.placedRows = manifest ? Math.min(n, data.count) : n;
    this.loaded = new Uint8Array(n).fill(1);
    if (manifest) {
      for (let c = 0; c < manifest.chunks.length; c++) {
        const chunk = manifest.chunks[c];
        if (chunkLoaded?.(c)) continue;
        this.loaded.fill(0, chunk.start, chunk.start + chunk.count);
        // Rows not loaded yet sit at their band's top, which keeps the rows ordered by y.
        this.y.fill(-chunk.latMax, chunk.start, chunk.start + chunk.count);
      }
    }
    const icons: number[] = [];
    const tail: number[] = [];
    for (let i = 0; i < n; i++) {
      if (!this.loaded[i]) continue;
      this.loadedRows++;
      this.x[i] = m.lng[i];
      this.y[i] = -m.lat[i];
      this.kind[i] = this.kindOf(i);
      if (this.draggable[i] || i >= this.placedRows) {
        if (this.kind[i] === MarkerKind.Icon) tail.push(i);
      } else if (this.kind[i] === MarkerKind.Icon && !manifest) icons.push(i);
    }
    const order = drawOrderOf(this.x, this.y, icons, tail, this.placedRows, manifest);
    this.drawOrder = order.drawOrder;
    this.runs = order.runs;
    this.tail = order.tail;
  }

  /** Calls `listener` after each change; answers the call that stops it. */
  readonly subscribe = (listener: (change: StoreChange) => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private tell(change: StoreChange) {
    this.version++;
    for (const listener of [...this.listeners]) listener(change);
  }

  /** Tells the subscribers that rows arrived (`fillChunk` and `fillRange` do not, rows come fast). */
  rowsArrived() {
    this.tell({ rows: true });
  }

  /**
   * Completed markers per definition (the markers panel's 'found n/total'), of the floor shown when
   * `onFloor` is given (`Floors.shows`), kept until a change.
   */
  completedPerDefinition(onFloor?: (level: number) => boolean): Map<string, number> {
    const cached = this.found;
    if (
      cached &&
      cached.version === this.completedVersion &&
      cached.rows === this.loadedRows &&
      cached.onFloor === onFloor
    )
      return cached.perDefinition;
    const perDefinition = new Map<string, number>();
    for (let i = 0; i < this.size; i++) {
      if (this.completed[i] !== 1 || (onFloor && !onFloor(this.level(i)))) continue;
      const id = this.definitionOf(i)._id;
      perDefinition.set(id, (perDefinition.get(id) ?? 0) + 1);
    }
    this.found = { version: this.completedVersion, rows: this.loadedRows, onFloor, perDefinition };
    return perDefinition;
  }

  /** How many loaded markers `isVisible` shows (what `applyVisibility` with it leaves visible). */
  countShown(isVisible: (i: number) => boolean): number {
    let shown = 0;
    for (let i = 0; i < this.size; i++) if (this.loaded[i] && isVisible(i)) shown++;
    return shown;
  }

  /** A popup's report or confirmation changed a marker's reported flag: visibility follows it. */
  setReported(i: number, reported: boolean) {
    this.reported[i] = reported ? 1 : 0;
    if (this.lastVisible) this.applyVisibility(this.lastVisible, this.lastFaint);
    this.tell({ reported: i });
  }

  private kindOf(i: number): number {
    const kind = this.kinds[this.def[i]] ?? MarkerKind.Icon;
    return kind === MarkerKind.Path && !this.data.markers.points[i] ? MarkerKind.Icon : kind;
  }

  /**
   * Zoom-0 bounds of the map's markers: x over the rows loaded, y over the whole map (a chunked
   * map's manifest has the latitudes of its bands).
   */
  extent(): { minX: number; minY: number; maxX: number; maxY: number } {
    let minX = Number.POSITIVE_INFINITY;
    let maxX = Number.NEGATIVE_INFINITY;
    let minY = Number.POSITIVE_INFINITY;
    let maxY = Number.NEGATIVE_INFINITY;
    const { x, y, loaded } = this;
    for (let i = 0; i < this.size; i++) {
      if (!loaded[i]) continue;
      if (x[i] < minX) minX = x[i];
      if (x[i] > maxX) maxX = x[i];
      if (y[i] < minY) minY = y[i];
      if (y[i] > maxY) maxY = y[i];
    }
    for (const band of this.data.chunks?.chunks ?? []) {
      minY = Math.min(minY, -band.latMax);
      maxY = Math.max(maxY, -band.latMin);
    }
    return { minX, minY, maxX, maxY };
  }

  /** Whether this is a large map whose rows come in chunks. */
  get chunked(): boolean {
    return Boolean(this.data.chunks);
  }

  /**
   * Adds a chunk's rows: into the columns too unless `inColumns` (the loader wrote them there), then
   * their flags by the page's last visibility and completion rules. Answers whether any is drawn.
   */
  fillChunk(chunk: MarkerChunk, inColumns: boolean): boolean {
    if (!inColumns) fillColumns(this.data.markers, chunk);
    return this.fillRange(chunk.start, chunk.count);
  }

  /** Adds rows already in the columns (a chunk loaded while another store was shown). */
  fillRange(start: number, count: number): boolean {
    const m = this.data.markers;
    const end = Math.min(start + count, this.placedRows);
    const visibleOf = this.lastVisible;
    const faintOf = this.lastFaint;
    const completedSet = this.lastCompleted && this.lastCompleted.size > 0 ? this.lastCompleted : undefined;
    const { x, y, def, kind, reported, loaded, completed, visible, tint, draggable, ids } = this;
    const { lat, lng, reportCount } = m;
    const kinds = this.kinds;
    let shown = false;
    for (let i = start; i < end; i++) {
      // A row a suggestion moved keeps the suggested position (it is in the tail).
      if (tint[i] === 0 || !draggable[i]) {
        x[i] = lng[i];
        y[i] = -lat[i];
      }
      const d = m.def[i];
      def[i] = d;
      const k = kinds[d] ?? MarkerKind.Icon;
      kind[i] = k === MarkerKind.Path && !m.points[i] ? MarkerKind.Icon : k;
      reported[i] = reportCount[i] > 0 ? 1 : 0;
      if (!loaded[i]) this.loadedRows++;
      loaded[i] = 1;
      completed[i] = completedSet?.has(ids[i]) ? 1 : 0;
    }
    // Flags by the page's rules, once the rows are in (the rules read the store).
    if (visibleOf) {
      for (let i = start; i < end; i++) {
        const v = visibleOf(i) ? Shown.Yes : faintOf?.(i) ? Shown.Faint : Shown.Hidden;
        visible[i] = v;
        if (v) shown = true;
      }
    }
    const byId = this.byId;
    if (byId) for (let i = start; i < end; i++) byId.set(ids[i], i);
    return shown;
  }

  indexOf(id: string): number {
    if (!this.byId) {
      // Made on the first look-up: a large map's list is long, and most visits never ask.
      this.byId = new Map();
      for (let i = 0; i < this.size; i++) if (this.loaded[i]) this.byId.set(this.ids[i], i);
    }
    return this.byId.get(id) ?? -1;
  }

  definitionOf(i: number): MapMarkerDefinition {
    return this.definitions[this.def[i]];
  }

  latLng(i: number): [number, number] {
    return [this.data.markers.lat[i], this.data.markers.lng[i]];
  }

  points(i: number): [number, number][] | undefined {
    return this.data.markers.points[i];
  }

  /** The id the marker calls of the server take: the suggestion shown, else the marker. */
  actionId(i: number): string {
    return this.suggestionIds[i] || this.ids[i];
  }

  suggestionId(i: number): string {
    return this.suggestionIds[i] ?? '';
  }

  /**
   * Moves a marker (while it is dragged, and until the server's answer redraws the map). Only the
   * markers of the tail move, so that the ordered rows stay ordered.
   */
  moveTo(i: number, lat: number, lng: number) {
    this.data.markers.lat[i] = lat;
    this.data.markers.lng[i] = lng;
    this.x[i] = lng;
    this.y[i] = -lat;
  }

  questId(i: number): string {
    return this.data.markers.questId[i] ?? '';
  }

  /** The marker's floor (-1: every floor, and every marker of a map without floors). */
  level(i: number): number {
    return this.data.markers.level?.[i] ?? -1;
  }

  /**
   * Sets the visible flag of every marker (`isFaint` picks, among the others, those drawn faint);
   * answers whether anything changed. Rows not loaded yet get theirs when they arrive.
   */
  applyVisibility(isVisible: (i: number) => boolean, isFaint?: (i: number) => boolean): boolean {
    this.lastVisible = isVisible;
    this.lastFaint = isFaint;
    this.drawsFaint = Boolean(isFaint);
    let changed = false;
    const loaded = this.loaded;
    for (let i = 0; i < this.size; i++) {
      const v = !loaded[i]
        ? Shown.Hidden
        : isVisible(i)
          ? Shown.Yes
          : isFaint?.(i)
            ? Shown.Faint
            : Shown.Hidden;
      if (this.visible[i] !== v) {
        this.visible[i] = v;
        changed = true;
      }
    }
    if (changed) {
      this.visibleVersion++;
      this.visibleState = { flags: this.visible };
      this.tell({ visible: true });
    }
    return changed;
  }

  applyCompleted(completed: ReadonlySet<string>): boolean {
    this.lastCompleted = completed;
    let changed = false;
    const flags = this.completed;
    // Nothing completed (a visitor, a new player): no look-ups. Rows not loaded yet take theirs
    // when they arrive (`fillRange`).
    const any = completed.size > 0;
    const { loaded, ids } = this;
    for (let i = 0; i < this.size; i++) {
      const v = any && loaded[i] && completed.has(ids[i]) ? 1 : 0;
      if (flags[i] !== v) {
        flags[i] = v;
        changed = true;
      }
    }
    if (changed) {
      this.completedVersion++;
      this.completedState = { flags: this.completed };
      // The visibility rules may read the completed flags (hide found markers).
      if (this.lastVisible) this.applyVisibility(this.lastVisible, this.lastFaint);
      this.tell({ completed: true });
    }
    return changed;
  }
}
