import { useMediaQuery } from '@mantine/hooks';
import { IconListSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { constants } from '@waypoint/shared/constants';
import { filterLink } from '@waypoint/shared/map/definitions';
import { type MapMarkerDefinition, placedCounts } from '@waypoint/shared/map/marker-data';
import { isMapPreparing } from '@waypoint/shared/map/preparing';
import { isQuestMarkerShown } from '@waypoint/shared/map/quests';
import { mapViewParams, markerShareLink } from '@waypoint/shared/map/view-url';
import type { TCategory, TMap } from '@waypoint/shared/models/types';
import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { HttpError } from '../../api/client.ts';
import { guestName, useSession } from '../../api/session.ts';
import { preloadable } from '../../app/preloadable.tsx';
import { copyText } from '../../components/clipboard.ts';
import { toast } from '../../components/toast.ts';
import { usePageMeta } from '../../components/usePageMeta.ts';
import { mapMessages } from '../../i18n/messages/map-messages.ts';
import { messages } from '../../i18n/messages/messages.ts';
import { chunkLoaderOf } from './chunk-loader.ts';
import { MarkerStore } from './layers/marker-store.ts';
import { type MapController, MapView } from './MapView.tsx';
import classes from './map.module.css';
import { MarkersPanel } from './panels/MarkersPanel.tsx';
import {
  mapKeys,
  useCompletedMarkers,
  useMapQuests,
  useMarkerData,
  useQuestSave,
  useSetMarkerCompleted,
  useSetPlayerLevel,
  useSetQuestCompleted,
} from './queries.ts';
import { Sidebar } from './Sidebar.tsx';
import type { SearchPick } from './search/MapSearchResults.tsx';
import { useEnabledDefinitions, useHideFound } from './state.ts';
import { SuggestToggle } from './suggestions/SuggestToggle.tsx';
import { useEditTools } from './useEditTools.tsx';
import { useQuestPanel } from './useQuestPanel.ts';
import { useMapPointerTools, useSuggestMode } from './useSuggestMode.ts';

/** Copies a link of the map and says whether it worked. */
async function copyLink(link: string) {
  if (await copyText(link)) toast.success(mapMessages.linkCopied);
  else toast.error(messages.somethingWentWrong);
}

const narrowQuery = `(max-width: ${constants.autoCloseMaxWidthPx}px)`;

/** Both sidebars start open on wide windows and close by themselves at 1000 px or less. */
function useSidebars() {
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

interface Props {
  gameId: string;
  map: TMap;
  category: TCategory | undefined;
  embedded: boolean;
}

// The quests panel loads beside the map's first draw, not before it.
const QuestsPanel = lazy(() => import('./panels/QuestsPanel.tsx').then((m) => ({ default: m.QuestsPanel })));
// The popup's code loads after the markers are drawn (or with a first click before that), not with
// the map: then the first popup opens without a placeholder, which React would keep up for 300 ms.
const MarkerPopup = preloadable(() => import('./popup/MarkerPopup.tsx').then((m) => m.MarkerPopup));
const popupPreloadDelayMs = 1000;
// The marker list and its auto route load when the list is first opened.
const MarkerListPanel = lazy(() => import('./list/MarkerListPanel.tsx'));
// Only maps whose tiles are on their way load the 'being prepared' notice.
const MapPreparing = lazy(() => import('./MapPreparing.tsx'));

/** Keys typed into a field are text, not shortcuts. */
const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/** The page's polite live region: the last announcement, told again when it repeats. */
function useAnnouncer() {
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

/** The map view (specification §2.7): map, markers panel, quests panel, popups. */
export function MapPage({ gameId, map, category, embedded }: Props) {
  const session = useSession();
  usePageMeta(mapMessages.mapPageTitle(map.name));
  const [search] = useSearchParams();
  const questId = search.get('questId');
  const minimal = search.get('minimalNavBar') === 'true';
  const preparing = isMapPreparing(map);
  const controller = useRef<MapController>(null);
  const sidebars = useSidebars();

  const markerQuery = useMarkerData(map._id);
  // The markers, their panel and their layers are worked out in a render of their own that gives
  // way to input and painting, not in the task that receives the answer.
  const markerData = { data: useDeferredValue(markerQuery.data), isError: markerQuery.isError };
  // A large map's chunks: counts that read the store follow their arrival (`chunkTick`), and
  // whether every chunk of the current answer is in is read from its loader.
  const [chunkTick, setChunkTick] = useState(0);
  const chunksComplete = !markerData.data?.chunks || Boolean(chunkLoaderOf(markerData.data)?.complete);
  const queryClient = useQueryClient();
  const onChunks = useCallback(
    (_complete: boolean, error?: unknown) => {
      // The map changed since its manifest was read: read it again.
      if (error instanceof HttpError && error.status === 409) {
        queryClient.invalidateQueries({ queryKey: mapKeys.markerData(map._id) });
        return;
      }
      if (!error) setChunkTick((n) => n + 1);
    },
    [queryClient, map._id],
  );
  const counts = useMemo(
    () => (markerData.data ? placedCounts(markerData.data) : new Map<string, number>()),
    [markerData.data],
  );
  const { enabled, setEnabled, toggle } = useEnabledDefinitions(
    map._id,
    markerData.data?.definitions,
    search,
  );

  const quests = useMapQuests(map._id);
  const save = useQuestSave(session, gameId);
  const completedQuests = useMemo(() => new Set(save.data?.completedQuests ?? []), [save.data]);
  const level = save.data?.level ?? 0;
  const panel = useQuestPanel({
    quests: quests.data,
    loggedIn: Boolean(session),
    playerReady: save.isSuccess || save.isError,
    level,
    completed: completedQuests,
    questId,
  });
  const panelRef = useRef(panel);
  panelRef.current = panel;

  // Suggest mode and the map tools (§4); the visitor map stays on NONE.
  const suggest = useSuggestMode({
    mapId: map._id,
    session,
    markerData: markerData.data,
    chunksComplete,
    onEnterMove: useCallback(() => {
      const p = panelRef.current;
      p.setFilter({ ...p.filter, showCompleted: true, showFuture: true });
    }, []),
    onHighlight: useCallback((id: string) => controller.current?.flyToMarker(id), []),
  });
  const { state: toolState } = suggest.tools;
  // The map and its marker layers come after the page's first paint: flying to a marker waits for them.
  const [layersReady, setLayersReady] = useState(false);
  useEffect(() => {
    if (!layersReady) return;
    // A failed load is tried again by the first popup.
    const timer = setTimeout(() => MarkerPopup.preload().catch(() => undefined), popupPreloadDelayMs);
    return () => clearTimeout(timer);
  }, [layersReady]);
  const store = useMemo(() => {
    if (!suggest.data) return undefined;
    performance.mark('waypoint:marker-data');
    return new MarkerStore(suggest.data, chunkLoaderOf(suggest.data)?.isLoaded);
  }, [suggest.data]);
  const pointerTools = useMapPointerTools(suggest, store);
  // Drawing and 'Editing marker' on the same tool state.
  const editTools = useEditTools({
    mapId: map._id,
    gameId,
    session,
    definitions: markerData.data?.definitions ?? [],
    quests: quests.data,
    controller,
    suggestModeOnLoad: search.get('suggestMode') === 'true',
    onlySuggestionsOnLoad: search.get('onlySuggestions') === 'true',
    tools: suggest.tools,
  });
  const [reportedOnly, setReportedOnly] = useState(false);
  const [hideFound, setHideFound] = useHideFound();
  // Changes when a popup's report or confirmation changed a marker's flag.
  const [reportedTick, setReportedTick] = useState(0);

  const setQuestCompleted = useSetQuestCompleted(session, gameId);
  const setLevel = useSetPlayerLevel(session, gameId);

  const completedMarkers = useCompletedMarkers(session);
  const completedSet = useMemo(
    () => new Set(session ? (completedMarkers.data ?? []) : []),
    [completedMarkers.data, session],
  );
  const setMarkerCompleted = useSetMarkerCompleted(session);
  const { announce, region } = useAnnouncer();
  const completeMarker = setMarkerCompleted.mutate;
  /** Marks a marker found or not (popup and list alike) and says so to screen readers. */
  const setCompleted = useCallback(
    (id: string, name: string, completed: boolean) => {
      completeMarker({ id, completed });
      announce(completed ? mapMessages.markedFound(name) : mapMessages.markedNotFound(name));
    },
    [completeMarker, announce],
  );
  // The marker list: mounted on first open and kept (with its route) while closed.
  const [list, setList] = useState({ open: false, mounted: false, focus: 0 });
  const openList = useCallback(() => setList((l) => ({ open: true, mounted: true, focus: l.focus + 1 })), []);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'l' && e.key !== 'L') return;
      if (e.altKey || e.ctrlKey || e.metaKey || typing(e.target)) return;
      e.preventDefault();
      openList();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [openList]);

  const [completion, setCompletion] = useState(0);
  useEffect(() => {
    if (!store) return;
    if (store.applyCompleted(completedSet)) setCompletion((n) => n + 1);
  }, [store, completedSet]);
  // Completed markers per definition: the markers panel's 'found n/total' (players only).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `completion` and `chunkTick` say the store's flags changed
  const found = useMemo(() => {
    if (!store || !session) return undefined;
    const perDefinition = new Map<string, number>();
    for (let i = 0; i < store.size; i++) {
      if (store.completed[i] !== 1) continue;
      const id = store.definitionOf(i)._id;
      perDefinition.set(id, (perDefinition.get(id) ?? 0) + 1);
    }
    return perDefinition;
  }, [store, completion, chunkTick, session]);

  // Which markers are drawn: definition enabled, and the quests panel lets its quest through.
  // Worked out while rendering, so that the map's first draw already shows them.
  const listedIds = useMemo(() => new Set(panel.listed.map((q) => q.quest._id)), [panel.listed]);
  const visibilityCount = useRef(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `reportedTick` says a marker's reported flag changed
  const visibility = useMemo(() => {
    if (!store) return visibilityCount.current;
    const enabledDefs = store.definitions.map((d) => enabled.has(d._id));
    const v = {
      allHidden: panel.allHidden,
      hidden: panel.hidden,
      listed: listedIds,
      known: new Set(panel.byId.keys()),
    };
    store.applyVisibility(
      suggest.visibility(
        store,
        (i) =>
          enabledDefs[store.def[i]] &&
          (!reportedOnly || store.reported[i] === 1) &&
          !(hideFound && store.completed[i] === 1) &&
          isQuestMarkerShown(store.questId(i), v),
      ),
    );
    visibilityCount.current += 1;
    return visibilityCount.current;
  }, [
    store,
    enabled,
    reportedOnly,
    hideFound,
    completion,
    reportedTick,
    panel.allHidden,
    panel.hidden,
    listedIds,
    panel.byId,
    suggest.visibility,
  ]);

  // Filter changes are announced with the number of markers they leave on the map.
  const filterKey = `${[...enabled].sort().join(',')}|${hideFound}|${reportedOnly}`;
  const lastFilter = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!store) return;
    const before = lastFilter.current;
    lastFilter.current = filterKey;
    if (before === undefined || before === filterKey) return;
    let shown = 0;
    for (let i = 0; i < store.size; i++) shown += store.visible[i];
    announce(mapMessages.markersShown(shown));
  }, [store, filterKey, announce]);

  /** Shows one marker: its definition on, the map flown to it, the marker highlighted. */
  const showMarker = useCallback(
    (markerId: string) => {
      if (!store) return;
      const i = store.indexOf(markerId);
      if (i < 0) return;
      const defId = store.definitionOf(i)._id;
      if (!enabled.has(defId)) setEnabled(new Set([...enabled, defId]));
      if (sidebars.narrow) sidebars.setRight(false);
      // Let the visibility flags settle before flying.
      requestAnimationFrame(() => controller.current?.flyToMarker(markerId));
    },
    [store, enabled, setEnabled, sidebars],
  );

  // ?questId= flies to the quest's first marker once everything is loaded.
  const jumped = useRef(false);
  useEffect(() => {
    if (jumped.current || !questId || !store || !quests.data || !layersReady) return;
    const entry = quests.data.find((q) => q.quest._id === questId);
    const first = entry?.markers[0];
    // On a large map, the marker may be in a chunk still on its way.
    if (first && store.indexOf(first._id) < 0 && !chunksComplete) return;
    jumped.current = true;
    if (!entry) return;
    sidebars.setRight(true);
    if (first) showMarker(first._id);
  }, [questId, store, quests.data, showMarker, sidebars, layersReady, chunksComplete]);

  // ?marker= (a shared marker link) turns its definition on and opens its popup once it is drawn.
  const sharedMarker = useRef(search.get(mapViewParams.marker));
  // biome-ignore lint/correctness/useExhaustiveDependencies: `visibility` and `chunkTick` say the drawn set changed
  useEffect(() => {
    const id = sharedMarker.current;
    if (!id || !store || !layersReady) return;
    const i = store.indexOf(id);
    if (i < 0) {
      // On a large map, the marker may be in a chunk still on its way.
      if (chunksComplete) sharedMarker.current = null;
      return;
    }
    const defId = store.definitionOf(i)._id;
    if (!enabled.has(defId)) {
      setEnabled(new Set([...enabled, defId]));
      return;
    }
    if (controller.current?.openMarker(id)) sharedMarker.current = null;
  }, [store, enabled, setEnabled, visibility, layersReady, chunkTick, chunksComplete]);

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
    const id = pick.kind === 'marker' ? pick.id : pick.markerIds[0];
    if (!id) return;
    showMarker(id);
    controller.current?.leaflet()?.once('moveend', () => controller.current?.openMarker(id));
  };

  const shareMarker = async (i: number) => {
    if (!store) return;
    const [lat, lng] = store.latLng(i);
    const m = controller.current?.leaflet();
    const zoom = m ? Math.max(m.getZoom(), m.getMaxZoom() - 1) : 0;
    await copyLink(markerShareLink(location.href, store.ids[i], { lat, lng, zoom }));
  };

  const copyFilterLink = () => copyLink(filterLink(location.href, enabled));

  const loginPath = `/login?nextUrl=${encodeURIComponent(location.pathname + location.search)}`;

  const renderPopup = (i: number, relayout: () => void) => {
    if (!store) return null;
    const id = store.ids[i];
    const qid = store.questId(i);
    return (
      <Suspense
        fallback={
          <div className={classes.popupLoading} data-popup-code-loading>
            {mapMessages.loading}
          </div>
        }
      >
        <MarkerPopup
          id={id}
          name={store.names[i]}
          definition={store.definitionOf(i)}
          questId={qid}
          questName={qid ? panel.byId.get(qid)?.name : undefined}
          completed={session ? completedSet.has(id) : undefined}
          onCompletedChange={(completed) =>
            setCompleted(id, store.names[i] || store.definitionOf(i).name, completed)
          }
          onShowQuest={showQuest}
          onLayout={relayout}
          onReportCount={(count) => {
            store.reported[i] = count > 0 ? 1 : 0;
            controller.current?.redrawMarker(id);
            setReportedTick((n) => n + 1);
          }}
          userId={session?.id}
          loginPath={loginPath}
          suggestionId={store.suggestionId(i) || undefined}
          onEdit={editTools.canEdit ? () => editTools.edit(store.actionId(i)) : undefined}
          onShare={() => void shareMarker(i)}
        />
      </Suspense>
    );
  };

  const placingName = toolState.placing
    ? markerData.data?.definitions.find((d) => d._id === toolState.placing?.definitionId)?.name
    : undefined;
  /** The '+' of a definition: chosen for placing, and switched on so that what is placed shows. */
  const placeDefinition = (definition: MapMarkerDefinition) => {
    if (suggest.choosePlacing(definition) && !enabled.has(definition._id))
      setEnabled(new Set([...enabled, definition._id]));
  };

  const Tools = suggest.module?.SuggestToolsPanel;
  const Authors = suggest.module?.AuthorsPanel;
  const linkTarget = embedded ? '_blank' : undefined;

  return (
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
        visibility={visibility}
        completion={completion}
        embedded={embedded}
        renderPopup={renderPopup}
        controller={controller}
        tools={pointerTools}
        onChunks={onChunks}
        drawing={editTools.shape}
        onLayers={setLayersReady}
        overlay={
          <>
            {preparing ? (
              <Suspense fallback={null}>
                <MapPreparing gameId={gameId} mapId={map._id} />
              </Suspense>
            ) : null}
            <button
              type="button"
              className={classes.listButton}
              aria-label={mapMessages.markerList}
              title={`${mapMessages.markerList} (L)`}
              aria-keyshortcuts="L"
              aria-expanded={list.open}
              aria-controls={list.mounted ? 'wp-marker-list' : undefined}
              data-testid="marker-list-button"
              onClick={() => (list.open ? setList((l) => ({ ...l, open: false })) : openList())}
            >
              <IconListSearch size={18} />
            </button>
            {list.mounted && store ? (
              <Suspense fallback={null}>
                <MarkerListPanel
                  store={store}
                  controller={controller}
                  visibility={visibility}
                  completion={completion}
                  open={list.open}
                  focus={list.focus}
                  canComplete={Boolean(session)}
                  onComplete={setCompleted}
                  onClose={() => setList((l) => ({ ...l, open: false }))}
                  announce={announce}
                />
              </Suspense>
            ) : null}
            {region}
            {!toolState.suggestMode ? (
              <SuggestToggle
                onActivate={() => suggest.tools.setSuggestMode(true)}
                onPrepare={suggest.prefetch}
              />
            ) : Tools ? (
              <Tools
                state={toolState}
                loggedIn={Boolean(session)}
                name={session?.username ?? guestName()}
                admin={suggest.admin}
                loginPath={loginPath}
                placingName={placingName}
                onSuggestMode={suggest.tools.setSuggestMode}
                onShowOnlySuggestions={suggest.tools.setShowOnlySuggestions}
                onTool={suggest.tools.chooseTool}
                linkTarget={linkTarget}
              />
            ) : null}
          </>
        }
      />
      {editTools.overlay}
      <Sidebar side="left" title={mapMessages.markers} open={sidebars.left} onOpenChange={sidebars.setLeft}>
        {suggest.admin && toolState.suggestMode && Authors ? (
          <Authors
            suggestions={suggest.suggestions}
            only={suggest.authorFilter}
            onOnly={suggest.setAuthorFilter}
            onDecide={suggest.decide}
          />
        ) : null}
        {markerData.isError ? (
          <div className={classes.panelBody}>{messages.somethingWentWrong}</div>
        ) : (
          <MarkersPanel
            definitions={markerData.data?.definitions ?? []}
            counts={counts}
            enabled={enabled}
            showAll={suggest.admin || toolState.suggestMode}
            onPlace={suggest.canPlace ? placeDefinition : undefined}
            placingId={toolState.tool === 'PLACE' ? toolState.placing?.definitionId : null}
            onToggle={toggle}
            onSearchPick={searchPick}
            onSetAll={(on, ids) => {
              const next = new Set(enabled);
              for (const id of ids) {
                if (on) next.add(id);
                else next.delete(id);
              }
              setEnabled(next);
            }}
            onCopyLink={copyFilterLink}
            reportedOnly={reportedOnly}
            onReportedOnly={setReportedOnly}
            found={found}
            hideFound={hideFound}
            onHideFound={setHideFound}
          />
        )}
      </Sidebar>
      <Sidebar side="right" title={mapMessages.quests} open={sidebars.right} onOpenChange={sidebars.setRight}>
        <Suspense fallback={<div className={classes.panelBody} aria-busy="true" />}>
          <QuestsPanel
            gameId={gameId}
            categoryName={category?.name ?? map.name}
            listed={panel.listed}
            byId={panel.byId}
            filter={panel.filter}
            onFilter={panel.setFilter}
            loggedIn={Boolean(session)}
            loginPath={loginPath}
            completed={completedQuests}
            level={save.data?.level}
            onLevel={(n) => setLevel.mutate(n)}
            levelError={setLevel.error ? messages.notANumber : undefined}
            onCompleted={(id, completed) => setQuestCompleted.mutate({ questId: id, completed })}
            hidden={panel.hidden}
            allHidden={panel.allHidden}
            onToggleHidden={panel.toggleHidden}
            onToggleAllHidden={panel.toggleAllHidden}
            expanded={panel.expanded}
            onToggleExpanded={panel.toggleExpanded}
            onShowMarker={showMarker}
            linkTarget={linkTarget}
            onPlaceObjective={suggest.canPlace && session ? suggest.chooseObjective : undefined}
            placingObjective={toolState.tool === 'PLACE_OBJECTIVE' ? toolState.objective : null}
          />
        </Suspense>
      </Sidebar>
    </div>
  );
}
