import { mapViewParams } from '@waypoint/shared/map/view-url';
import { type RefObject, useCallback, useEffect, useRef } from 'react';
import { chunkLoaderOf } from './chunk-loader.ts';
import type { Floors } from './floors/useFloors.ts';
import type { MarkerStore } from './layers/marker-store.ts';
import type { MapController } from './map-controller.ts';
import type { Sidebars } from './page-hooks.tsx';
import type { QuestWithMarkers } from './queries.ts';

/**
 * Showing one marker (its definition on, the map flown to it, the marker highlighted), and the two
 * addresses that ask for it: `?questId=` flies to the quest's first marker, `?marker=` (a shared
 * marker link) opens its popup, each once the marker is loaded and the map's layers are there.
 */
export function useMarkerLinks(options: {
  store: MarkerStore | undefined;
  controller: RefObject<MapController | null>;
  enabled: ReadonlySet<string>;
  setEnabled: (ids: Set<string>) => void;
  sidebars: Sidebars;
  search: URLSearchParams;
  quests: QuestWithMarkers[] | undefined;
  layersReady: boolean;
  chunksComplete: boolean;
  floors: Floors;
}) {
  const { store, controller, enabled, setEnabled, sidebars, quests, layersReady, chunksComplete, floors } =
    options;
  const { shows, setLevel } = floors;
  const questId = options.search.get('questId');

  const showMarker = useCallback(
    (markerId: string) => {
      if (!store) return;
      const i = store.indexOf(markerId);
      if (i < 0) return;
      const defId = store.definitionOf(i)._id;
      if (!enabled.has(defId)) setEnabled(new Set([...enabled, defId]));
      // A marker on another floor: that floor is shown.
      if (!shows(store.level(i))) setLevel(store.level(i));
      // On a phone the panels are drawers over the map: they make way for the marker and its popup.
      if (sidebars.narrow) {
        sidebars.setRight(false);
        sidebars.setLeft(false);
      }
      // Let the visibility flags settle before flying.
      requestAnimationFrame(() => controller.current?.flyToMarker(markerId));
    },
    [store, enabled, setEnabled, sidebars, controller, shows, setLevel],
  );

  const jumped = useRef(false);
  useEffect(() => {
    if (jumped.current || !questId || !store || !quests || !layersReady) return;
    const entry = quests.find((q) => q.quest._id === questId);
    const first = entry?.markers[0];
    // On a large map, the marker may be in a chunk still on its way.
    if (first && store.indexOf(first._id) < 0 && !chunksComplete) return;
    jumped.current = true;
    if (!entry) return;
    sidebars.setRight(true);
    if (first) showMarker(first._id);
  }, [questId, store, quests, showMarker, sidebars, layersReady, chunksComplete]);

  // The shared marker is tried now and after each change of the store (rows arrived, flags changed).
  const sharedMarker = useRef(options.search.get(mapViewParams.marker));
  useEffect(() => {
    if (!sharedMarker.current || !store || !layersReady) return;
    const attempt = () => {
      const id = sharedMarker.current;
      if (!id) return;
      const i = store.indexOf(id);
      if (i < 0) {
        // On a large map, the marker may be in a chunk still on its way.
        if (!chunkLoaderOf(store.data) || chunkLoaderOf(store.data)?.complete) sharedMarker.current = null;
        return;
      }
      const defId = store.definitionOf(i)._id;
      if (!enabled.has(defId)) {
        setEnabled(new Set([...enabled, defId]));
        return;
      }
      if (!shows(store.level(i))) {
        setLevel(store.level(i));
        return;
      }
      if (controller.current?.openMarker(id)) sharedMarker.current = null;
    };
    attempt();
    return store.subscribe(attempt);
  }, [store, enabled, setEnabled, layersReady, controller, shows, setLevel]);

  return showMarker;
}
