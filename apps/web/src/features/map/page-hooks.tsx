import { useMediaQuery } from '@mantine/hooks';
import { constants } from '@waypoint/shared/constants';
import type { MapMarkerDefinition } from '@waypoint/shared/map/marker-data';
import { markerShareLink } from '@waypoint/shared/map/view-url';
import type { TMap } from '@waypoint/shared/models/types';
import {
  createContext,
  type ReactNode,
  type RefObject,
  useCallback,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
} from 'react';
import type { Session } from '../../api/session.ts';
import { copyText } from '../../components/clipboard.ts';
import { toast } from '../../components/toast.ts';
import { mapMessages } from '../../i18n/messages/map-messages.ts';
import { messages } from '../../i18n/messages/messages.ts';
import type { useCoords } from './coords/useCoords.tsx';
import type { FilterSwitches } from './filters/useFilterSwitches.ts';
import type { Floors } from './floors/useFloors.ts';
import type { MarkerStore } from './layers/marker-store.ts';
import classes from './map.module.css';
import type { MapController } from './map-input.ts';
import type { Pins } from './pins/usePins.tsx';
import type { SearchPick } from './search/MapSearchResults.tsx';
import type { useQuestPanel } from './useQuestPanel.ts';
import type { SuggestMode } from './useSuggestMode.ts';
import type { MapViewState, MapViewStore } from './view-store.ts';

/** Copies a link of the map and says whether it worked. */
export async function copyLink(link: string) {
  if (await copyText(link)) toast.success(mapMessages.linkCopied);
  else toast.error(messages.somethingWentWrong);
}

const narrowQuery = `(max-width: ${constants.autoCloseMaxWidthPx}px)`;

/** Copies a link that opens the map at marker `i` with its popup, zoomed in close. */
export async function shareMarker(store: MarkerStore, view: MapViewState | undefined, i: number) {
  const [lat, lng] = store.latLng(i);
  const zoom = view ? Math.max(view.zoom, view.maxZoom - 1) : 0;
  await copyLink(markerShareLink(location.href, store.ids[i], { lat, lng, zoom }));
}

/** Both sidebars start open on wide windows and close by themselves at 1000 px or less. */
export function useSidebars() {
  const narrow = useMediaQuery(narrowQuery, window.matchMedia(narrowQuery).matches, {
    getInitialValueInEffect: false,
  });
  const [left, setLeft] = useState(!narrow);
  const [right, setRight] = useState(!narrow);
  useEffect(() => {
    if (narrow) {
      setLeft(false);
      setRight(false);
    }
  }, [narrow]);
  return { narrow, left, right, setLeft, setRight };
}

export type Sidebars = ReturnType<typeof useSidebars>;

/** The page's polite live region: the last announcement, told again when it repeats. */
export function useAnnouncer() {
  const [said, setSaid] = useState({ text: '', n: 0 });
  const announce = useCallback((text: string) => setSaid((s) => ({ text, n: s.n + 1 })), []);
  const region = (
    <div className={classes.srOnly} role="status" aria-live="polite" data-testid="map-announcer">
      {said.text}
      {said.n % 2 ? '\u200b' : ''}
    </div>
  );
  return { announce, region };
}

/** Keys typed into a field are text, not shortcuts. */
const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/** The marker list: mounted on first open and kept (with its route) while closed; L opens it. */
export function useMarkerList() {
  const [list, setList] = useState({ open: false, mounted: false, focus: 0 });
  const open = useCallback(() => setList((l) => ({ open: true, mounted: true, focus: l.focus + 1 })), []);
  const close = useCallback(() => setList((l) => ({ ...l, open: false })), []);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'l' && e.key !== 'L') return;
      if (e.altKey || e.ctrlKey || e.metaKey || typing(e.target)) return;
      e.preventDefault();
      open();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  return { ...list, show: open, close };
}

const noStore = () => () => undefined;

/** The store's version: the component renders again after each change of its flags or rows. */
export function useStoreVersion(store: MarkerStore | undefined): number {
  return useSyncExternalStore(store ? store.subscribe : noStore, () => store?.version ?? 0);
}

/** What the map page's parts read of its state (`useMapPage`), made by `MapPage` on every render. */
export interface MapPageState {
  gameId: string;
  map: TMap;
  /** The quests panel's heading: the map's category, else the map. */
  categoryName: string;
  session: Session | null;
  loginPath: string;
  /** Where links open: a new tab from an embedded map. */
  linkTarget: string | undefined;
  store: MarkerStore | undefined;
  controller: RefObject<MapController | null>;
  views: MapViewStore;
  sidebars: Sidebars;
  list: ReturnType<typeof useMarkerList>;
  announce: (text: string) => void;
  /** The page's live region. */
  region: ReactNode;
  suggest: SuggestMode;
  floors: Floors;
  pins: Pins;
  coords: ReturnType<typeof useCoords>;
  markers: {
    definitions: MapMarkerDefinition[];
    /** The marker data could not be read. */
    failed: boolean;
    /** Placed markers per definition on the floor counted. */
    counts: ReadonlyMap<string, number>;
    enabled: ReadonlySet<string>;
    setEnabled: (ids: ReadonlySet<string>) => void;
    toggle: (id: string) => void;
    /** Completed markers per definition on the floor counted (players only). */
    found: ReadonlyMap<string, number> | undefined;
  };
  /** The markers panel's filter switches (filters/marker-filters.ts). */
  switches: FilterSwitches;
  quests: {
    panel: ReturnType<typeof useQuestPanel>;
    completed: ReadonlySet<string>;
    /** The player's level (players only). */
    level: number | undefined;
  };
  /** The name of the definition the place tool puts down. */
  placingName: string | undefined;
  setCompleted: (id: string, name: string, completed: boolean) => void;
  showMarker: (markerId: string) => void;
  /** A pick in the markers panel's search box. */
  searchPick: (pick: SearchPick) => void;
}

export const MapPageContext = createContext<MapPageState | null>(null);

/** The map page's state, for the parts drawn inside `MapPage`. */
export function useMapPage(): MapPageState {
  const page = useContext(MapPageContext);
  if (!page) throw new Error('useMapPage is read inside MapPage only');
  return page;
}
