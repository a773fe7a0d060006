import { emptyMarkerColumns, type MapMarkerDefinition } from '@waypoint/shared/map/marker-data';
import { describe, expect, it } from 'vitest';
import { MarkerStore, Shown, type StoreChange } from './marker-store.ts';

const definition = (id: string): MapMarkerDefinition =>
  ({ _id: id, name: id, markerDefinitionType: 'SVG' }) as MapMarkerDefinition;

/** A map of four markers, two of each definition; the second one reported. */
function store() {
  const markers = emptyMarkerColumns();
  for (let i = 0; i < 4; i++) {
    markers.id.push(`pm_${i}`);
    markers.def.push(i % 2);
    markers.lat.push(-i);
    markers.lng.push(i);
    markers.name.push(`Spot ${i}`);
    markers.questId.push('');
    markers.questObjective.push('');
    markers.reportCount.push(i === 1 ? 1 : 0);
  }
  return new MarkerStore({ mapId: 'm', count: 4, definitions: [definition('a'), definition('b')], markers });
}

describe('the marker store tells its readers', () => {
  it('each change of the flags once, with a new version, and nothing when nothing changed', () => {
    const s = store();
    const told: StoreChange[] = [];
    const stop = s.subscribe((change) => told.push(change));
    const v0 = s.version;
    expect(s.applyVisibility((i) => s.def[i] === 0)).toBe(true);
    expect(told).toEqual([{ visible: true }]);
    expect(s.version).toBeGreaterThan(v0);
    const v1 = s.version;
    expect(s.applyVisibility((i) => s.def[i] === 0)).toBe(false);
    expect(s.version).toBe(v1);
    expect(told).toHaveLength(1);
    stop();
    s.applyVisibility(() => true);
    expect(told).toHaveLength(1);
  });

  it('visibility follows completed and reported flags under the last rule', () => {
    const s = store();
    const told: StoreChange[] = [];
    s.subscribe((change) => told.push(change));
    // Hide found markers; only reported ones.
    s.applyVisibility((i) => s.completed[i] === 0 && s.reported[i] === 1);
    expect([...s.visible]).toEqual([0, 1, 0, 0]);
    told.length = 0;
    s.applyCompleted(new Set(['pm_1']));
    expect([...s.visible]).toEqual([0, 0, 0, 0]);
    expect(told).toEqual([{ visible: true }, { completed: true }]);
    s.applyCompleted(new Set());
    s.setReported(3, true);
    expect([...s.visible]).toEqual([0, 1, 0, 1]);
    expect(told.at(-1)).toEqual({ reported: 3 });
  });

  it('markers the faint rule picks among the hidden ones are drawn faint, under the same flags', () => {
    const s = store();
    // Markers 0 and 1 on the floor shown, 2 and 3 on another; found ones hidden.
    const onFloor = (i: number) => i < 2;
    const passes = (i: number) => s.completed[i] === 0;
    s.applyVisibility(
      (i) => onFloor(i) && passes(i),
      (i) => !onFloor(i) && passes(i),
    );
    expect([...s.visible]).toEqual([Shown.Yes, Shown.Yes, Shown.Faint, Shown.Faint]);
    expect(s.countShown((i) => onFloor(i) && passes(i))).toBe(2);
    s.applyCompleted(new Set(['pm_2']));
    expect([...s.visible]).toEqual([Shown.Yes, Shown.Yes, Shown.Hidden, Shown.Faint]);
    // The switch off: other floors hidden again.
    s.applyVisibility((i) => onFloor(i) && passes(i));
    expect([...s.visible]).toEqual([Shown.Yes, Shown.Yes, Shown.Hidden, Shown.Hidden]);
  });

  it('found per definition, kept until the completed flags change', () => {
    const s = store();
    s.applyCompleted(new Set(['pm_0', 'pm_2', 'pm_3']));
    const found = s.completedPerDefinition();
    expect(Object.fromEntries(found)).toEqual({ a: 2, b: 1 });
    expect(s.completedPerDefinition()).toBe(found);
    s.applyCompleted(new Set(['pm_0']));
    expect(Object.fromEntries(s.completedPerDefinition())).toEqual({ a: 1 });
    expect(s.countShown((i) => s.def[i] === 1)).toBe(2);
  });
});
