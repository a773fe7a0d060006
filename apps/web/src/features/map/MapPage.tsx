import { mapViewParams } from '@waypoint/shared/map/view-url';
import type { TCategory, TMap } from '@waypoint/shared/models/types';
import { useCallback, useDeferredValue, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../api/session.ts';
import { usePageMeta } from '../../components/usePageMeta.ts';
import { mapMessages } from '../../i18n/messages/map-messages.ts';
import { chunkLoaderOf } from './chunk-loader.ts';
import { useCoords } from './coords/useCoords.tsx';
import { useFilterSwitches } from './filters/useFilterSwitches.ts';
import { useFloors } from './floors/useFloors.ts';
import { MarkerStore } from './layers/marker-store.ts';
import { useMapLiveUpdates } from './live-updates.ts';
import { MapOverlay } from './MapOverlay.tsx';
import { type MapController, MapView } from './MapView.tsx';
import classes from './map.module.css';
import {
  MapPageContext,
  type MapPageState,
  shareMarker,
  useAnnouncer,
  useMarkerList,
  useSidebars,
  useStoreVersion,
} from './page-hooks.tsx';
import { MarkersSidebar } from './panels/MarkersSidebar.tsx';
import { QuestsSidebar } from './panels/QuestsSidebar.tsx';
import { usePins } from './pins/usePins.tsx';
import { PopupSlot, usePopupPreload } from './popup/PopupSlot.tsx';
import { useCompletion } from './progress/useCompletion.ts';
import { useChunkErrorReload, useMapQuests, useMarkerData, useQuestSave } from './queries.ts';
import type { SearchPick } from './search/MapSearchResults.tsx';
import { useEnabledDefinitions } from './state.ts';
import { useEditTools } from './useEditTools.tsx';
import { useMarkerFilters } from './useMarkerFilters.ts';
import { useMarkerLinks } from './useMarkerLinks.ts';
import { useQuestPanel } from './useQuestPanel.ts';
import { useMapPointerTools, useSuggestMode } from './useSuggestMode.ts';
import { MapViewStore } from './view-store.ts';

interface Props {
  gameId: string;
  map: TMap;
  category: TCategory | undefined;
  embedded: boolean;
}

/** A shared marker link's title names the marker, as the server's head of that address does. */
function markerTitle(store: MarkerStore | undefined, markerId: string | null, mapTitle: string) {
  const i = markerId && store ? store.indexOf(markerId) : -1;
  if (!store || i < 0) return mapTitle;
  return `${store.names[i] || store.definitionOf(i).name} - ${mapTitle}`;
}

/** The map view (specification §2.7): map, markers panel, quests panel, popups. */
export function MapPage({ gameId, map, category, embedded }: Props) {
  const session = useSession();
  const [search] = useSearchParams();
  const questId = search.get('questId');
  const minimal = search.get('minimalNavBar') === 'true';
  const controller = useRef<MapController>(null);
  const [views] = useState(() => new MapViewStore());
  const sidebars = useSidebars();

  const markerQuery = useMarkerData(map._id);
  // The markers, their panel and their layers are worked out in a render of their own that gives
  // way to input and painting, not in the task that receives the answer.
  const markerData = { data: useDeferredValue(markerQuery.data), isError: markerQuery.isError };
  const onChunkError = useChunkErrorReload(map._id);
  const { floors, counts } = useFloors(markerData.data, search);
  const { enabled, setEnabled, toggle } = useEnabledDefinitions(
    map._id,
    markerData.data?.definitions,
    search,
  );

  const quests = useMapQuests(map._id);
  const save = useQuestSave(session, gameId);
  const completedQuests = useMemo(() => new Set(save.data?.completedQuests ?? []), [save.data]);
  const panel = useQuestPanel({
    quests: quests.data,
    loggedIn: Boolean(session),
    playerReady: save.isSuccess || save.isError,
    level: save.data?.level ?? 0,
    completed: completedQuests,
    questId,
  });
  const panelRef = useRef(panel);
  panelRef.current = panel;

  // Whether every chunk of a large map's current answer is in is read from its loader; the store's
  // version (rows arrived, flags changed) renders the page again.
  const chunksComplete = !markerData.data?.chunks || Boolean(chunkLoaderOf(markerData.data)?.complete);
  // Suggest mode and the map tools (§4); the visitor map stays on NONE.
  const suggest = useSuggestMode({
    mapId: map._id,
    session,
    markerData: markerData.data,
    chunksComplete,
    level: floors.current,
    onEnterMove: useCallback(() => {
      const p = panelRef.current;
      p.setFilter({ ...p.filter, showCompleted: true, showFuture: true });
    }, []),
    onHighlight: useCallback((id: string) => controller.current?.flyToMarker(id), []),
  });
  const { state: toolState } = suggest.tools;
  // The map and its marker layers come after the page's first paint: flying to a marker waits for them.
  const [layersReady, setLayersReady] = useState(false);
  usePopupPreload(layersReady);
  const store = useMemo(() => {
    if (!suggest.data) return undefined;
    performance.mark('waypoint:marker-data');
    return new MarkerStore(suggest.data, chunkLoaderOf(suggest.data)?.isLoaded);
  }, [suggest.data]);
  useStoreVersion(store);
  usePageMeta(markerTitle(store, search.get(mapViewParams.marker), mapMessages.mapPageTitle(map.name)));
  const pointerTools = useMapPointerTools(suggest, store);
  const definitions = markerData.data?.definitions ?? [];
  // Drawing and 'Editing marker' on the same tool state.
  const editTools = useEditTools({
    mapId: map._id,
    gameId,
    session,
    definitions,
    quests: quests.data,
    controller,
    suggestModeOnLoad: search.get('suggestMode') === 'true',
    onlySuggestionsOnLoad: search.get('onlySuggestions') === 'true',
    tools: suggest.tools,
  });
  const switches = useFilterSwitches();

  const { announce, region } = useAnnouncer();
  const { completedSet, setCompleted } = useCompletion(session, announce);
  useMapLiveUpdates(gameId, map._id);
  const list = useMarkerList();
  const pins = usePins({ map, session, floors, controller, views, announce, definitions, search });
  const coords = useCoords({ map, controller, announce, tools: pointerTools });

  const { isVisible, isFaint } = useMarkerFilters({
    store,
    enabled,
    switches: switches.on,
    panel,
    suggestVisibility: suggest.visibility,
    announce,
    onFloor: floors.shows,
    faintOthers: floors.faintOthers && !suggest.onlySuggested,
  });
  const showMarker = useMarkerLinks({
    store,
    controller,
    enabled,
    setEnabled,
    sidebars,
    search,
    quests: quests.data,
    layersReady,
    chunksComplete,
    floors,
  });

  /** Opens a quest in the quests panel: filtered to its name and expanded. */
  const showQuest = (q: string, name = panel.byId.get(q)?.name ?? '') => {
    panel.setFilter({ text: name, showCompleted: true, showFuture: true });
    if (!panel.expanded.has(q)) panel.toggleExpanded(q);
    sidebars.setRight(true);
  };

  /** A pick in the search box: fly to a marker (popup open), turn a definition on, open a quest. */
  const searchPick = (pick: SearchPick) => {
    if (pick.kind === 'definition') {
      if (!enabled.has(pick.id)) toggle(pick.id);
      return;
    }
    if (pick.kind === 'quest') return showQuest(pick.id, pick.name);
    if (pick.kind === 'pin') return pins.show(pick.id);
    const id = pick.kind === 'marker' ? pick.id : pick.markerIds[0];
    if (!id) return;
    showMarker(id);
    // Opened where the map flies to it, once it got there.
    const stop = views.subscribe(() => {
      stop();
      controller.current?.openMarker(id);
    });
  };

  const loginPath = `/login?nextUrl=${encodeURIComponent(location.pathname + location.search)}`;

  const renderPopup = (i: number, relayout: () => void) =>
    store ? (
      <PopupSlot
        store={store}
        index={i}
        relayout={relayout}
        questName={(qid) => panel.byId.get(qid)?.name}
        completed={session ? completedSet.has(store.ids[i]) : undefined}
        onCompletedChange={setCompleted}
        onShowQuest={showQuest}
        userId={session?.id}
        loginPath={loginPath}
        onEdit={editTools.canEdit ? editTools.edit : undefined}
        onShare={(n) => void shareMarker(store, views.get(), n)}
        notes={pins.saveNote && { of: pins.notes, save: pins.saveNote }}
      />
    ) : null;

  const placingName = toolState.placing
    ? markerData.data?.definitions.find((d) => d._id === toolState.placing?.definitionId)?.name
    : undefined;
  const page: MapPageState = {
    gameId,
    map,
    categoryName: category?.name ?? map.name,
    session,
    loginPath,
    linkTarget: embedded ? '_blank' : undefined,
    store,
    controller,
    views,
    sidebars,
    list,
    announce,
    region,
    suggest,
    floors,
    pins,
    coords,
    markers: {
      definitions,
      failed: markerData.isError,
      counts,
      enabled,
      setEnabled,
      toggle,
      // Completed markers per definition on the floor counted: 'found n/total' (players only).
      found: store && session ? store.completedPerDefinition(floors.counted) : undefined,
    },
    switches,
    quests: { panel, completed: completedQuests, level: save.data?.level },
    placingName,
    setCompleted,
    showMarker,
    searchPick,
  };

  return (
    <MapPageContext value={page}>
      <div
        className={classes.page}
        data-bar={minimal ? 'none' : 'full'}
        data-tool={toolState.tool}
        data-list={list.open || undefined}
      >
        <MapView
          map={map}
          gameId={gameId}
          store={store}
          isVisible={isVisible}
          isFaint={isFaint}
          completed={completedSet}
          embedded={embedded}
          renderPopup={renderPopup}
          renderPinPopup={pins.renderPopup}
          pins={pins.input}
          controller={controller}
          views={views}
          tools={coords.tools}
          coords={coords.input}
          onChunkError={onChunkError}
          drawing={editTools.shape}
          floorTiles={floors.tiles}
          level={floors.current}
          onLayers={setLayersReady}
          overlay={<MapOverlay />}
        />
        {editTools.overlay}
        <MarkersSidebar />
        <QuestsSidebar />
      </div>
    </MapPageContext>
  );
}
