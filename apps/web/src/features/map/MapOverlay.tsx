import { IconListSearch } from '@tabler/icons-react';
import { isMapPreparing, mapTilesReady } from '@waypoint/shared/map/preparing';
import { lazy, Suspense } from 'react';
import { guestName } from '../../api/session.ts';
import { mapMessages } from '../../i18n/messages/map-messages.ts';
import { FloorControl } from './floors/FloorControl.tsx';
import { FloorPreparing } from './floors/FloorPreparing.tsx';
import classes from './map.module.css';
import { useMapPage } from './page-hooks.tsx';
import { SuggestToggle } from './suggestions/SuggestToggle.tsx';

// The marker list and its auto route load when the list is first opened.
const MarkerListPanel = lazy(() => import('./list/MarkerListPanel.tsx'));
// Only maps whose tiles are on their way load the 'being prepared' notice.
const MapPreparing = lazy(() => import('./MapPreparing.tsx'));

/**
 * What is drawn over the map: the preparing notice, the marker list and its button, the floor
 * control, the player's pins, the coordinates, the suggest tools.
 */
export function MapOverlay() {
  const { map, store, list, session, suggest, floors, pins, announce, ...page } = useMapPage();
  const toolState = suggest.tools.state;
  const Tools = suggest.module?.SuggestToolsPanel;
  return (
    <>
      {isMapPreparing(map) || !mapTilesReady(map) ? (
        <Suspense fallback={null}>
          {/* The map's picture is about to be drawn by the server while the whole map is prepared. */}
          <MapPreparing gameId={page.gameId} mapId={map._id} drawing={isMapPreparing(map)} />
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
        data-map-control
        onClick={() => (list.open ? list.close() : list.show())}
      >
        <IconListSearch size={18} />
      </button>
      <FloorControl floors={floors} announce={announce} />
      {/* While the whole map is prepared, its own notice says it for every floor. */}
      {isMapPreparing(map) ? null : <FloorPreparing mapId={map._id} floors={floors} />}
      {pins.controls}
      {page.coords.controls}
      {list.mounted && store ? (
        <Suspense fallback={null}>
          <MarkerListPanel
            store={store}
            controller={page.controller}
            views={page.views}
            visibility={store.visibleState}
            completion={store.completedState}
            open={list.open}
            focus={list.focus}
            canComplete={Boolean(session)}
            onComplete={page.setCompleted}
            onClose={list.close}
            announce={announce}
            ownPins={pins.pins}
            onShareRoute={pins.shareRoute}
          />
        </Suspense>
      ) : null}
      {page.region}
      {!toolState.suggestMode ? (
        <SuggestToggle onActivate={() => suggest.tools.setSuggestMode(true)} onPrepare={suggest.prefetch} />
      ) : Tools ? (
        <Tools
          state={toolState}
          gameId={page.gameId}
          loggedIn={Boolean(session)}
          name={session?.username ?? guestName()}
          admin={suggest.admin}
          loginPath={page.loginPath}
          placingName={page.placingName}
          onSuggestMode={suggest.tools.setSuggestMode}
          onShowOnlySuggestions={suggest.tools.setShowOnlySuggestions}
          othersHidden={suggest.othersHidden}
          onHideOthers={suggest.setOthersHidden}
          onTool={suggest.tools.chooseTool}
          linkTarget={page.linkTarget}
        />
      ) : null}
    </>
  );
}
