import { markerDefinitionsParam, parseEnabledDefinitions } from '@waypoint/shared/map/definitions';
import type { MapMarkerDefinition } from '@waypoint/shared/map/marker-data';
import { useCallback, useState } from 'react';

export type { MapTool } from '@waypoint/shared/map/tools';

const empty: ReadonlySet<string> = new Set();

const storageKey = (mapId: string) => `waypoint-map-enabled:${mapId}`;

function readStored(mapId: string): string[] | undefined {
  try {
    const raw = localStorage.getItem(storageKey(mapId));
    if (!raw) return undefined;
    const value = JSON.parse(raw) as unknown;
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : undefined;
  } catch {
    return undefined;
  }
}

function store(mapId: string, ids: ReadonlySet<string>) {
  try {
    localStorage.setItem(storageKey(mapId), JSON.stringify([...ids]));
  } catch {
    // Private browsing: the set lives as long as the page.
  }
}

/**
 * The enabled marker definitions of a map. On load: exactly the ones in `?markerDefinitions=`
 * when given, else the set kept from the last visit of this map, else the definitions not
 * flagged disabled (the admin's choice of what a first visit shows). Every change is kept for the
 * next visit.
 */
export function useEnabledDefinitions(
  mapId: string,
  definitions: readonly MapMarkerDefinition[] | undefined,
  search: URLSearchParams,
) {
  const param = search.get(markerDefinitionsParam);
  const [state, setState] = useState<{ mapId: string; enabled: ReadonlySet<string> } | undefined>();
  let enabled = state?.mapId === mapId ? state.enabled : undefined;
  // The first set is chosen while rendering, as soon as the definitions are known.
  if (!enabled && definitions) {
    const known = new Set(definitions.map((d) => d._id));
    const fromUrl = param === null ? undefined : parseEnabledDefinitions(param);
    const initial = fromUrl ?? readStored(mapId) ?? definitions.filter((d) => !d.disabled).map((d) => d._id);
    enabled = new Set(initial.filter((id) => known.has(id)));
    setState({ mapId, enabled });
  }
  const setEnabled = useCallback(
    (next: ReadonlySet<string> | ((current: ReadonlySet<string>) => ReadonlySet<string>)) =>
      setState((s) => ({
        mapId,
        enabled: typeof next === 'function' ? next(s?.enabled ?? new Set()) : next,
      })),
    [mapId],
  );

  const update = useCallback(
    (next: ReadonlySet<string>) => {
      setEnabled(next);
      store(mapId, next);
    },
    [mapId, setEnabled],
  );

  const toggle = useCallback(
    (id: string) => {
      setEnabled((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        store(mapId, next);
        return next;
      });
    },
    [mapId, setEnabled],
  );

  return { enabled: enabled ?? empty, setEnabled: update, toggle };
}

/** A switch remembered in this browser for every map (`localStorage[key]`); off when never set. */
export function readStoredSwitch(key: string): boolean {
  try {
    return localStorage.getItem(key) === 'true';
  } catch {
    return false;
  }
}

export function keepStoredSwitch(key: string, on: boolean) {
  try {
    localStorage.setItem(key, String(on));
  } catch {
    // Private windows may refuse storage: the switch still works for this visit.
  }
}

function useStoredSwitch(key: string): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => readStoredSwitch(key));
  const set = useCallback(
    (next: boolean) => {
      setOn(next);
      keepStoredSwitch(key, next);
    },
    [key],
  );
  return [on, set];
}

/** Other contributors' suggestions hidden in suggest mode (the suggestion tools' switch). */
export const useHideOthersSuggestions = () => useStoredSwitch('waypoint:hideOthersSuggestions');

/** Markers of other floors drawn faint (the floor control's switch). */
export const useFaintFloors = () => useStoredSwitch('waypoint:faintFloors');
