import { useCallback, useState } from 'react';
import { keepStoredSwitch, readStoredSwitch } from '../state.ts';
import { type MarkerSwitch, markerSwitches, type SwitchChoices } from './marker-filters.ts';

const initially = (s: MarkerSwitch) => (s.kept.in === 'local storage' ? readStoredSwitch(s.kept.key) : false);

/** The markers panel's filter switches, each kept where its row says (read once, when the page opens). */
export function useFilterSwitches() {
  const [on, setOn] = useState<SwitchChoices>(() =>
    Object.fromEntries(markerSwitches.map((s) => [s.id, initially(s)])),
  );
  const set = useCallback((s: MarkerSwitch, next: boolean) => {
    setOn((current) => ({ ...current, [s.id]: next }));
    if (s.kept.in === 'local storage') keepStoredSwitch(s.kept.key, next);
  }, []);
  return { on, set };
}

export type FilterSwitches = ReturnType<typeof useFilterSwitches>;
