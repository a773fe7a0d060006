import { useEffect, useMemo, useRef } from 'react';
import { mapMessages } from '../../i18n/messages/map-messages.ts';
import {
  foldFilters,
  type MarkerFilter,
  type MarkerFilterInputs,
  markerFilters,
  type SwitchChoices,
} from './filters/marker-filters.ts';
import type { MarkerStore } from './layers/marker-store.ts';
import type { useQuestPanel } from './useQuestPanel.ts';
import type { SuggestMode } from './useSuggestMode.ts';

// Markers that fail a faint filter (the floor) may still be drawn faint; the others hide them.
const hiding = markerFilters.filter((f) => !f.faint);
const fainting = markerFilters.filter((f) => f.faint);
const announced = markerFilters.filter((f) => f.announced);

type Rule = ((i: number) => boolean) | undefined;

/** The fold of `filters` over `store`, made again only when the store or an input they read changed. */
function useFold(
  store: MarkerStore | undefined,
  filters: readonly MarkerFilter[],
  inputs: MarkerFilterInputs,
) {
  const kept = useRef<{ store: MarkerStore | undefined; read: unknown[]; rule: Rule }>(undefined);
  const read = filters.map((f) => f.input(inputs));
  const last = kept.current;
  if (last && last.store === store && read.every((v, i) => Object.is(v, last.read[i]))) return last.rule;
  const rule = store && foldFilters(store, filters, inputs);
  kept.current = { store, read, rule };
  return rule;
}

/**
 * Which markers are drawn: those passing every filter of the table (filters/marker-filters.ts);
 * suggest mode adds its own rule. Markers that pass all but the floor are drawn faint where the
 * player asks for it. The rule reads the store's flags when applied; the map applies it
 * (map-controller.ts). A change of an announced filter is told with the number of markers it leaves
 * on the map.
 */
export function useMarkerFilters(options: {
  store: MarkerStore | undefined;
  enabled: ReadonlySet<string>;
  switches: SwitchChoices;
  panel: Pick<ReturnType<typeof useQuestPanel>, 'allHidden' | 'hidden' | 'listed' | 'byId'>;
  suggestVisibility: SuggestMode['visibility'];
  announce: (text: string) => void;
  /** Whether a marker of a level shows on the floor shown (`Floors.shows`). */
  onFloor: (level: number) => boolean;
  /** Markers the other rules let through on other floors are drawn faint (not while only suggestions show). */
  faintOthers: boolean;
}) {
  const { store, enabled, switches, panel, suggestVisibility, announce, onFloor, faintOthers } = options;
  const { allHidden, hidden, listed, byId } = panel;
  const quests = useMemo(
    () => ({
      allHidden,
      hidden,
      listed: new Set(listed.map((q) => q.quest._id)),
      known: new Set(byId.keys()),
    }),
    [allHidden, hidden, listed, byId],
  );
  const inputs: MarkerFilterInputs = { definitions: enabled, quests, floor: onFloor, switches };
  const passes = useFold(store, hiding, inputs);
  const passesFaint = useFold(store, fainting, inputs);
  const isVisible = useMemo(
    () =>
      store && passes && passesFaint
        ? suggestVisibility(store, (i) => passesFaint(i) && passes(i))
        : undefined,
    [store, passes, passesFaint, suggestVisibility],
  );
  const isFaint = useMemo(
    () => (passes && passesFaint && faintOthers ? (i: number) => !passesFaint(i) && passes(i) : undefined),
    [passes, passesFaint, faintOthers],
  );

  const filterKey = announced.map((f) => f.key(inputs)).join('|');
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
