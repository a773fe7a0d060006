import {
  chosenLevel,
  isOnLevel,
  levelParam,
  levelsInOrder,
  type MapLevelInfo,
  stepLevel,
} from '@waypoint/shared/map/levels';
import { type MapMarkerData, placedCounts } from '@waypoint/shared/map/marker-data';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { config } from '../../../app/config.ts';
import { toast } from '../../../components/toast.ts';
import { mapMessages } from '../../../i18n/messages/map-messages.ts';
import { levelTileTemplate } from '../map-geometry.ts';
import { useFaintFloors } from '../state.ts';

/** What the page knows about the floor shown (see `useFloors`). */
export interface Floors {
  /** The map's floors, bottom to top (empty for a map without floors). */
  levels: MapLevelInfo[];
  /** The floor shown; undefined on a map without floors. */
  current: number | undefined;
  known: ReadonlySet<number>;
  setLevel: (level: number) => void;
  /** Whether a marker of `level` shows on the floor shown. */
  shows: (level: number) => boolean;
  /** The floor's own tiles, when it has a picture cut into tiles (else the map's show). */
  tiles: { url: string; ready: boolean } | undefined;
  /** Markers of the other floors are drawn faint (a switch remembered in this browser). */
  faintOthers: boolean;
  /** `shows` when the panel's counts are of the floor shown (a large map's manifest counts them all). */
  counted: ((level: number) => boolean) | undefined;
  setFaintOthers: (on: boolean) => void;
}

/** Keys typed into a field or a list are theirs: floors switch from the map or the page itself. */
function isFloorKeyTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return true;
  if (target === document.body) return true;
  return Boolean(target.closest('.leaflet-container, [data-floor-control]'));
}

/**
 * The floor shown on a map with floors: the one `?level=` names, else the default one; switched by
 * the floor control or Page Up / Page Down, and kept in the address (so "Copy filter link", a
 * reload and an embed open the same floor).
 */
export function useFloors(data: MapMarkerData | undefined, search: URLSearchParams) {
  const levels = useMemo(() => levelsInOrder(data?.levels ?? []), [data?.levels]);
  const [picked, setPicked] = useState<number | undefined>(undefined);
  const current =
    picked !== undefined && levels.some((l) => l.level === picked)
      ? picked
      : chosenLevel(levels, search.get(levelParam));
  const known = useMemo(() => new Set(levels.map((l) => l.level)), [levels]);
  const [faintOthers, setFaintOthers] = useFaintFloors();

  const setLevel = useCallback((level: number) => {
    setPicked(level);
    const url = new URL(window.location.href);
    url.searchParams.set(levelParam, String(level));
    if (url.href !== window.location.href) window.history.replaceState(window.history.state, '', url.href);
  }, []);

  // An address naming a floor the map does not have is corrected, and the player told which floor shows.
  // (The router's search is not told of replaceState: the address checked is remembered.)
  const asked = search.get(levelParam);
  const checked = useRef<string | null>(null);
  useEffect(() => {
    if (!data || asked === null || picked !== undefined || checked.current === asked) return;
    checked.current = asked;
    const floor = levels.find((l) => l.level === current);
    if (floor && String(floor.level) === asked) return;
    const url = new URL(window.location.href);
    if (floor) url.searchParams.set(levelParam, String(floor.level));
    else url.searchParams.delete(levelParam);
    window.history.replaceState(window.history.state, '', url.href);
    toast.info(floor ? mapMessages.noSuchFloor(asked, floor.name) : mapMessages.noFloors(asked));
  }, [data, asked, picked, levels, current]);

  const currentRef = useRef(current);
  currentRef.current = current;
  useEffect(() => {
    if (levels.length < 2) return;
    const onKey = (e: KeyboardEvent) => {
      if ((e.key !== 'PageUp' && e.key !== 'PageDown') || e.altKey || e.ctrlKey || e.metaKey) return;
      if (!isFloorKeyTarget(e.target)) return;
      const next = stepLevel(levels, currentRef.current, e.key === 'PageUp' ? 1 : -1);
      e.preventDefault();
      if (next !== undefined && next !== currentRef.current) setLevel(next);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [levels, setLevel]);

  const shows = useCallback((level: number) => isOnLevel(level, current, known), [current, known]);
  const info = levels.find((l) => l.level === current);
  const tiles = useMemo(() => {
    // A floor whose picture was never cut shows the map's own picture meanwhile.
    if (!info?.tilesPath) return undefined;
    return { url: levelTileTemplate(config.imageHost, info), ready: true };
  }, [info]);

  // Markers per definition on the floor shown (all of them on a map without floors, and on a large
  // map whose rows come in chunks: its manifest counts the whole map).
  const counts = useMemo(() => {
    if (!data) return new Map<string, number>();
    const level = data.markers.level;
    if (current === undefined || !level || data.chunks) return placedCounts(data);
    const perIndex = new Array<number>(data.definitions.length).fill(0);
    data.markers.def.forEach((d, i) => {
      if (isOnLevel(level[i] ?? -1, current, known)) perIndex[d] = (perIndex[d] ?? 0) + 1;
    });
    return new Map(data.definitions.map((d, i) => [d._id, perIndex[i] ?? 0]));
  }, [data, current, known]);

  const counted = current === undefined || !data?.markers.level || data.chunks ? undefined : shows;
  const floors: Floors = {
    levels,
    current,
    known,
    setLevel,
    shows,
    tiles,
    faintOthers,
    setFaintOthers,
    counted,
  };
  return { floors, counts };
}
