import { isPathDefinition } from '@waypoint/shared/map/definitions';
import type { MapMarkerData, MapMarkerDefinition } from '@waypoint/shared/map/marker-data';
import type { SuggestedMarkerColumns } from '@waypoint/shared/map/suggested-markers';
import { Tint } from '@waypoint/shared/map/tints';

/** How a marker is drawn. */
export const MarkerKind = { Icon: 0, Path: 1, Html: 2 } as const;

/**
 * The placed markers of one map in flat typed arrays: positions in map units at zoom 0
 * (x = lng, y = -lat, as CRS.Simple projects them), definition, kind, and the per-marker flags
 * that the panels change (visible, completed). Layers read it; the page writes the flags and
 * asks the layers to redraw.
 */
export class MarkerStore {
  readonly size: number;
  readonly ids: string[];
  readonly names: string[];
  readonly x: Float64Array;
  readonly y: Float64Array;
  readonly def: Int32Array;
  readonly kind: Uint8Array;
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
  /** Icon markers, top of the map first, so that lower markers are drawn over upper ones. */
  readonly drawOrder: Int32Array;
  readonly definitions: MapMarkerDefinition[];
  private readonly byId = new Map<string, number>();

  constructor(readonly data: MapMarkerData) {
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
    this.reported = Uint8Array.from(m.reportCount ?? [], (c) => (c > 0 ? 1 : 0));
    if (this.reported.length !== n) this.reported = new Uint8Array(n);
    this.draggable = new Uint8Array(n);
    const suggested = m as Partial<SuggestedMarkerColumns>;
    this.tint = suggested.tint ? Uint8Array.from(suggested.tint) : new Uint8Array(n);
    this.tinted = this.tint.some((t) => t !== 0);
    for (let i = 0; i < n; i++) {
      if (this.tint[i] === Tint.Add || this.tint[i] === Tint.Update) this.draggable[i] = 1;
    }
    this.suggestionIds = suggested.suggestionId ?? [];
    this.suggestionUsers = suggested.suggestionUser ?? [];
    const kinds = data.definitions.map((d) =>
      isPathDefinition(d)
        ? MarkerKind.Path
        : d.markerDefinitionType === 'HTML'
          ? MarkerKind.Html
          : MarkerKind.Icon,
    );
    const icons: number[] = [];
    for (let i = 0; i < n; i++) {
      this.x[i] = m.lng[i];
      this.y[i] = -m.lat[i];
      let kind = kinds[this.def[i]] ?? MarkerKind.Icon;
      if (kind === MarkerKind.Path && !m.points[i]) kind = MarkerKind.Icon;
      this.kind[i] = kind;
      this.byId.set(m.id[i], i);
      if (kind === MarkerKind.Icon) icons.push(i);
    }
    icons.sort((a, b) => this.y[a] - this.y[b] || this.x[a] - this.x[b]);
    this.drawOrder = Int32Array.from(icons);
  }

  indexOf(id: string): number {
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

  /** Moves a marker (while it is dragged, and until the server's answer redraws the map). */
  moveTo(i: number, lat: number, lng: number) {
    this.data.markers.lat[i] = lat;
    this.data.markers.lng[i] = lng;
    this.x[i] = lng;
    this.y[i] = -lat;
  }

  questId(i: number): string {
    return this.data.markers.questId[i] ?? '';
  }

  /** Sets the visible flag of every marker; answers whether anything changed. */
  applyVisibility(isVisible: (i: number) => boolean): boolean {
    let changed = false;
    for (let i = 0; i < this.size; i++) {
      const v = isVisible(i) ? 1 : 0;
      if (this.visible[i] !== v) {
        this.visible[i] = v;
        changed = true;
      }
    }
    return changed;
  }

  applyCompleted(completed: ReadonlySet<string>): boolean {
    let changed = false;
    for (let i = 0; i < this.size; i++) {
      const v = completed.has(this.ids[i]) ? 1 : 0;
      if (this.completed[i] !== v) {
        this.completed[i] = v;
        changed = true;
      }
    }
    return changed;
  }
}
