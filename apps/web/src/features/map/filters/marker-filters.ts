import { markerDefinitionsParam } from '@waypoint/shared/map/definitions';
import { levelParam } from '@waypoint/shared/map/levels';
import { isQuestMarkerShown, type QuestVisibility } from '@waypoint/shared/map/quests';
import type { mapMessages } from '../../../i18n/messages/map-messages.ts';
import type { MarkerStore } from '../layers/marker-store.ts';

/**
 * The map's marker filters, one row each: where the choice is kept and which markers pass it. A
 * marker shows when it passes every filter (`useMarkerFilters` folds the list into the map's rule);
 * a simple switch of the markers panel is one `markerSwitch` row and its label's texts.
 */

/** Where a filter's choice is kept between renders and visits. */
export type ChoiceKept =
  | { in: 'address'; param: string; otherwise?: ChoiceKept }
  | { in: 'local storage'; key: string }
  /** For this visit of the page. */
  | { in: 'page' }
  /** Another part of the page's state decides it. */
  | { in: 'page state'; of: string };

/** The page's choices the filters that are not switches read, each from its own hook. */
export interface MarkerFilterChoices {
  /** The enabled marker definitions (`useEnabledDefinitions`). */
  definitions: ReadonlySet<string>;
  /** What the quests panel lets through: its filters and eyes (`useQuestPanel`). */
  quests: QuestVisibility;
  /** Whether a marker of a level shows on the floor shown (`Floors.shows`). */
  floor: (level: number) => boolean;
}

/** The panel's switches by filter id: on applies the filter. */
export type SwitchChoices = Readonly<Record<string, boolean>>;

/** What every filter reads. */
export interface MarkerFilterInputs extends MarkerFilterChoices {
  switches: SwitchChoices;
}

/** A text of the map's messages that takes no arguments. */
export type MapTextKey = {
  [K in keyof typeof mapMessages]: (typeof mapMessages)[K] extends string ? K : never;
}[keyof typeof mapMessages];

interface FilterRow {
  id: string;
  kept: ChoiceKept;
  /** A change of the choice is announced with the number of markers left on the map. */
  announced: boolean;
  /** Markers that fail only this filter (and pass the others) are drawn faint when the player asks. */
  faint?: boolean;
  /** The choice as a text: a change is announced only when this changes. */
  key: (inputs: MarkerFilterInputs) => string;
  /** The part of the inputs this filter reads: its rule is made again only when that changes. */
  input: (inputs: MarkerFilterInputs) => unknown;
  /** What `passes` reads, worked out once per rule; undefined lets every marker through. */
  prepare: (store: MarkerStore, inputs: MarkerFilterInputs) => unknown;
  passes: (store: MarkerStore, i: number, state: never) => boolean;
}

/** A switch of the markers panel: while on, only the markers that pass it show. */
export interface MarkerSwitch extends FilterRow {
  kind: 'switch';
  label: MapTextKey;
  kept: { in: 'local storage'; key: string } | { in: 'page' };
  /** Where the panel shows it: under the player's progress (players only) or with the display switches. */
  place: 'progress' | 'display';
}

export interface PageFilter extends FilterRow {
  kind: 'page';
}

export type MarkerFilter = MarkerSwitch | PageFilter;

/** A filter on one of the page's choices. */
function pageFilter<K extends keyof MarkerFilterChoices, S>(row: {
  id: K;
  kept: ChoiceKept;
  announced: boolean;
  faint?: boolean;
  key?: (choice: MarkerFilterChoices[K]) => string;
  prepare: (store: MarkerStore, choice: MarkerFilterChoices[K]) => S;
  passes: (store: MarkerStore, i: number, state: S) => boolean;
}): PageFilter {
  const { id, key, prepare } = row;
  return {
    ...row,
    kind: 'page',
    key: (inputs) => (key ? key(inputs[id]) : ''),
    input: (inputs) => inputs[id],
    prepare: (store, inputs) => prepare(store, inputs[id]),
    passes: row.passes as FilterRow['passes'],
  };
}

/** A switch of the markers panel (off by default). */
function markerSwitch(row: {
  id: string;
  label: MapTextKey;
  kept: MarkerSwitch['kept'];
  place: MarkerSwitch['place'];
  passes: (store: MarkerStore, i: number) => boolean;
}): MarkerSwitch {
  const on = (inputs: MarkerFilterInputs) => inputs.switches[row.id] === true;
  return {
    ...row,
    kind: 'switch',
    announced: true,
    key: (inputs) => String(on(inputs)),
    input: on,
    prepare: (_store, inputs) => (on(inputs) ? true : undefined),
  };
}

export const markerFilters: readonly MarkerFilter[] = [
  pageFilter({
    id: 'definitions',
    // The address names them (a filter link); else the last visit's set, else the admin's defaults.
    kept: {
      in: 'address',
      param: markerDefinitionsParam,
      otherwise: { in: 'local storage', key: 'waypoint-map-enabled:{mapId}' },
    },
    announced: true,
    key: (enabled) => [...enabled].sort().join(','),
    prepare: (store, enabled) => store.definitions.map((d) => enabled.has(d._id)),
    passes: (store, i, enabledDefs: boolean[]) => enabledDefs[store.def[i]] === true,
  }),
  markerSwitch({
    id: 'reportedOnly',
    label: 'showOnlyReported',
    kept: { in: 'page' },
    place: 'display',
    passes: (store, i) => store.reported[i] === 1,
  }),
  markerSwitch({
    id: 'hideFound',
    label: 'hideFound',
    kept: { in: 'local storage', key: 'waypoint:hideFound' },
    place: 'progress',
    passes: (store, i) => store.completed[i] !== 1,
  }),
  pageFilter({
    id: 'quests',
    kept: { in: 'page state', of: 'the quests panel: its filters and eyes' },
    announced: false,
    prepare: (_store, quests) => quests,
    passes: (store, i, quests) => isQuestMarkerShown(store.questId(i), quests),
  }),
  pageFilter({
    id: 'floor',
    kept: { in: 'address', param: levelParam },
    announced: false,
    faint: true,
    prepare: (_store, onFloor) => onFloor,
    passes: (store, i, onFloor) => onFloor(store.level(i)),
  }),
];

export const markerSwitches = markerFilters.filter((f): f is MarkerSwitch => f.kind === 'switch');

/**
 * The rule of `filters` over `store`: whether marker `i` passes each of them. Each filter's state is
 * worked out here once; a filter that lets every marker through is left out.
 */
export function foldFilters(
  store: MarkerStore,
  filters: readonly MarkerFilter[],
  inputs: MarkerFilterInputs,
): (i: number) => boolean {
  const tests: ((i: number) => boolean)[] = [];
  for (const f of filters) {
    const state = f.prepare(store, inputs);
    if (state !== undefined) tests.push((i) => f.passes(store, i, state as never));
  }
  if (tests.length === 1) return tests[0]!;
  return (i) => {
    for (const passes of tests) if (!passes(i)) return false;
    return true;
  };
}
