import { emptyMarkerColumns, type MapMarkerDefinition } from '@waypoint/shared/map/marker-data';
import type { TQuest } from '@waypoint/shared/models/types';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { render, renderHook } from 'vitest-browser-react';
import { mapMessages } from '../../../i18n/messages/map-messages.ts';
import { MarkerStore } from '../layers/marker-store.ts';
import { MapPageContext, type MapPageState } from '../page-hooks.tsx';
import type { QuestWithMarkers } from '../queries.ts';
import { useMarkerFilters } from '../useMarkerFilters.ts';
import { FilterSwitches } from './FilterSwitches.tsx';
import { markerSwitches, type SwitchChoices } from './marker-filters.ts';
import { useFilterSwitches } from './useFilterSwitches.ts';

const definition = (id: string): MapMarkerDefinition =>
  ({ _id: id, name: id, markerDefinitionType: 'SVG' }) as MapMarkerDefinition;

/**
 * Eight markers: definitions a and b in turn; 1 and 4 reported; 2 and 3 found; 5 and 6 of quest q;
 * 6 and 7 on floor 1, the others on floor 0.
 */
function markerStore() {
  const markers = { ...emptyMarkerColumns(), level: [] as number[] };
  for (let i = 0; i < 8; i++) {
    markers.id.push(`pm_${i}`);
    markers.def.push(i % 2);
    markers.lat.push(-i);
    markers.lng.push(i);
    markers.name.push(`Spot ${i}`);
    markers.questId.push(i === 5 || i === 6 ? 'q' : '');
    markers.questObjective.push('');
    markers.reportCount.push(i === 1 || i === 4 ? 1 : 0);
    markers.level.push(i >= 6 ? 1 : 0);
  }
  const store = new MarkerStore({
    mapId: 'm',
    count: 8,
    definitions: [definition('a'), definition('b')],
    markers,
  });
  store.applyCompleted(new Set(['pm_2', 'pm_3']));
  return store;
}

const quest = { _id: 'q', name: 'Q' } as TQuest;
const questPanel = (hidden: ReadonlySet<string>) => ({
  allHidden: false,
  hidden,
  listed: [{ quest } as QuestWithMarkers],
  byId: new Map([['q', quest]]),
});

const allDefinitions: ReadonlySet<string> = new Set(['a', 'b']);
const switchesOff: SwitchChoices = { hideFound: false, reportedOnly: false };
const noQuestHidden = questPanel(new Set());
const everyFloor = () => true;
const floorZero = (level: number) => level === 0;
const suggestVisibility = (_store: MarkerStore, base: (i: number) => boolean) => base;

interface Inputs {
  enabled: ReadonlySet<string>;
  switches: SwitchChoices;
  panel: ReturnType<typeof questPanel>;
  onFloor: (level: number) => boolean;
  faintOthers: boolean;
}

const base: Inputs = {
  enabled: allDefinitions,
  switches: switchesOff,
  panel: noQuestHidden,
  onFloor: everyFloor,
  faintOthers: false,
};

async function renderFilters() {
  const store = markerStore();
  const announce = vi.fn<(text: string) => void>();
  const hook = await renderHook(
    (inputs?: Inputs) => useMarkerFilters({ store, suggestVisibility, announce, ...(inputs ?? base) }),
    { initialProps: base },
  );
  const shown = () => {
    const isVisible = hook.result.current.isVisible!;
    return [...Array(store.size).keys()].filter((i) => isVisible(i));
  };
  const faint = () => {
    const isFaint = hook.result.current.isFaint;
    return isFaint ? [...Array(store.size).keys()].filter((i) => isFaint(i)) : [];
  };
  return { hook, announce, shown, faint };
}

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the marker filter table, folded by useMarkerFilters', () => {
  test('each filter takes exactly its markers off the map', async () => {
    const { hook, shown } = await renderFilters();
    expect(shown()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    const cases: [Partial<Inputs>, number[]][] = [
      [{ enabled: new Set(['a']) }, [0, 2, 4, 6]],
      [{ switches: { ...switchesOff, reportedOnly: true } }, [1, 4]],
      [{ switches: { ...switchesOff, hideFound: true } }, [0, 1, 4, 5, 6, 7]],
      [{ panel: questPanel(new Set(['q'])) }, [0, 1, 2, 3, 4, 7]],
      [{ onFloor: floorZero }, [0, 1, 2, 3, 4, 5]],
    ];
    for (const [change, expected] of cases) {
      await hook.rerender({ ...base, ...change });
      expect(
        shown(),
        JSON.stringify(change, (_k, v) => (v instanceof Set ? [...v] : v)),
      ).toEqual(expected);
    }
    // Filters add up.
    await hook.rerender({
      ...base,
      enabled: new Set(['b']),
      switches: { hideFound: true, reportedOnly: true },
    });
    expect(shown()).toEqual([1]);
  });

  test('markers of other floors that pass the other filters are drawn faint when asked', async () => {
    const { hook, shown, faint } = await renderFilters();
    await hook.rerender({ ...base, onFloor: floorZero });
    expect(faint()).toEqual([]);
    await hook.rerender({ ...base, onFloor: floorZero, faintOthers: true });
    expect(shown()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(faint()).toEqual([6, 7]);
    await hook.rerender({ ...base, onFloor: floorZero, faintOthers: true, enabled: new Set(['a']) });
    expect(faint()).toEqual([6]);
  });

  test('the rule changes only when an input changes', async () => {
    const { hook } = await renderFilters();
    const first = hook.result.current.isVisible;
    await hook.rerender({ ...base, switches: { ...switchesOff }, panel: { ...noQuestHidden } });
    expect(hook.result.current.isVisible).toBe(first);
    await hook.rerender({ ...base, switches: { ...switchesOff, hideFound: true } });
    expect(hook.result.current.isVisible).not.toBe(first);
  });

  test('the number shown is announced when a filter of the panel changes, and only then', async () => {
    const { hook, announce } = await renderFilters();
    expect(announce).not.toHaveBeenCalled();
    await hook.rerender({ ...base, switches: { ...switchesOff, hideFound: true } });
    expect(announce.mock.calls).toEqual([[mapMessages.markersShown(6)]]);
    // The same choice again, the floor or the quests panel: no announcement.
    const hideFound = { ...base, switches: { ...switchesOff, hideFound: true } };
    await hook.rerender({ ...hideFound, enabled: new Set(['b', 'a']) });
    await hook.rerender({ ...hideFound, onFloor: floorZero });
    await hook.rerender({ ...hideFound, onFloor: floorZero, panel: questPanel(new Set(['q'])) });
    expect(announce).toHaveBeenCalledTimes(1);
    await hook.rerender({ ...hideFound, onFloor: floorZero, enabled: new Set(['a']) });
    await hook.rerender({ ...hideFound, onFloor: floorZero, enabled: new Set(['a']), switches: switchesOff });
    expect(announce.mock.calls.slice(1)).toEqual([
      [mapMessages.markersShown(2)],
      [mapMessages.markersShown(3)],
    ]);
  });
});

describe('the filter switches', () => {
  test('are kept where their row says: hide found in this browser, reported only for the visit', async () => {
    localStorage.setItem('waypoint:hideFound', 'true');
    const { result, act } = await renderHook(() => useFilterSwitches());
    expect(result.current.on).toEqual({ hideFound: true, reportedOnly: false });
    const reportedOnly = markerSwitches.find((s) => s.id === 'reportedOnly')!;
    const hideFound = markerSwitches.find((s) => s.id === 'hideFound')!;
    await act(() => {
      result.current.set(reportedOnly, true);
      result.current.set(hideFound, false);
    });
    expect(result.current.on).toEqual({ hideFound: false, reportedOnly: true });
    expect(localStorage.getItem('waypoint:hideFound')).toBe('false');
    expect(Object.keys(localStorage)).toEqual(['waypoint:hideFound']);
  });

  test('of a place are drawn from the table as labelled checkboxes', async () => {
    const set = vi.fn();
    const page = { switches: { on: { reportedOnly: true }, set } } as unknown as MapPageState;
    const screen = await render(
      <MapPageContext value={page}>
        <FilterSwitches place="display" />
      </MapPageContext>,
    );
    const reported = screen.getByLabelText(mapMessages.showOnlyReported);
    await expect.element(reported).toBeChecked();
    expect(screen.container.querySelectorAll('input[type=checkbox]')).toHaveLength(1);
    await reported.click();
    expect(set).toHaveBeenCalledWith(
      markerSwitches.find((s) => s.id === 'reportedOnly'),
      false,
    );
  });
});
