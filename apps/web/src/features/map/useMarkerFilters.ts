import { isQuestMarkerShown } from '@waypoint/shared/map/quests';
import { useEffect, useMemo, useRef } from 'react';
import { mapMessages } from '../../i18n/messages/map-messages.ts';
import type { MarkerStore } from './layers/marker-store.ts';
import type { useQuestPanel } from './useQuestPanel.ts';
import type { SuggestMode } from './useSuggestMode.ts';

/**
 * Which markers are drawn: definition enabled, reported (when only those are asked for), not found
 * (when found ones are hidden), on the floor shown, and the quests panel lets its quest through; suggest mode adds its
 * own rule. Markers that pass all but the floor are drawn faint where the player asks for it. The rule reads the store's flags when applied; the map applies it (map-controller.ts).
 * Filter changes are announced with the number of markers they leave on the map.
 */
export function useMarkerFilters(options: {
  store: MarkerStore | undefined;
  enabled: ReadonlySet<string>;
  reportedOnly: boolean;
  hideFound: boolean;
  panel: ReturnType<typeof useQuestPanel>;
  suggestVisibility: SuggestMode['visibility'];
  announce: (text: string) => void;
  /** Whether a marker of a level shows on the floor shown (`Floors.shows`). */
  onFloor: (level: number) => boolean;
  /** Markers the other rules let through on other floors are drawn faint (not while only suggestions show). */
  faintOthers: boolean;
}) {
  const {
    store,
    enabled,
    reportedOnly,
    hideFound,
    panel,
    suggestVisibility,
    announce,
    onFloor,
    faintOthers,
  } = options;
  const { allHidden, hidden, listed, byId } = panel;
  const passes = useMemo(() => {
    if (!store) return undefined;
    const enabledDefs = store.definitions.map((d) => enabled.has(d._id));
    const quests = {
      allHidden,
      hidden,
      listed: new Set(listed.map((q) => q.quest._id)),
      known: new Set(byId.keys()),
    };
    return (i: number) =>
      enabledDefs[store.def[i]] &&
      (!reportedOnly || store.reported[i] === 1) &&
      !(hideFound && store.completed[i] === 1) &&
      isQuestMarkerShown(store.questId(i), quests);
  }, [store, enabled, reportedOnly, hideFound, allHidden, hidden, listed, byId]);
  const isVisible = useMemo(
    () =>
      store && passes ? suggestVisibility(store, (i) => onFloor(store.level(i)) && passes(i)) : undefined,
    [store, passes, suggestVisibility, onFloor],
  );
  const isFaint = useMemo(
    () => (store && passes && faintOthers ? (i: number) => !onFloor(store.level(i)) && passes(i) : undefined),
    [store, passes, faintOthers, onFloor],
  );

  const filterKey = `${[...enabled].sort().join(',')}|${hideFound}|${reportedOnly}`;
  const lastFilter = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!store || !isVisible) return;
    const before = lastFilter.current;
    lastFilter.current = filterKey;
    if (before === undefined || before === filterKey) return;
    announce(mapMessages.markersShown(store.countShown(isVisible)));
  }, [store, filterKey, isVisible, announce]);

  return { isVisible, isFaint };
}
