import { IconListSearch } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { guestName, type Session } from '../../api/session.ts';
import { mapMessages } from '../../i18n/messages/map-messages.ts';
import type { MarkerStore } from './layers/marker-store.ts';
import classes from './map.module.css';
import type { MapController } from './map-input.ts';
import type { useMarkerList } from './page-hooks.tsx';
import { SuggestToggle } from './suggestions/SuggestToggle.tsx';
import type { SuggestMode } from './useSuggestMode.ts';
import type { MapViewStore } from './view-store.ts';

// The marker list and its auto route load when the list is first opened.
const MarkerListPanel = lazy(() => import('./list/MarkerListPanel.tsx'));
// Only maps whose tiles are on their way load the 'being prepared' notice.
const MapPreparing = lazy(() => import('./MapPreparing.tsx'));

interface Props {
  gameId: string;
  mapId: string;
  preparing: boolean;
  /** The map's picture is about to be drawn by the server (see MapPreparing). */
  drawing: boolean;
  store: MarkerStore | undefined;
  controller: React.RefObject<MapController | null>;
  views: MapViewStore;
  list: ReturnType<typeof useMarkerList>;
  session: Session | null;
  onComplete: (id: string, name: string, completed: boolean) => void;
  announce: (text: string) => void;
  /** The page's live region. */
  region: ReactNode;
  suggest: SuggestMode;
  loginPath: string;
  placingName: string | undefined;
  linkTarget: string | undefined;
  /** The floor control (maps with floors). */
  floors?: ReactNode;
  /** The "My pins" controls (players). */
  pins?: ReactNode;
  /** The coordinates' readout, "Go to" and the measure tool. */
  coords?: ReactNode;
  /** The player's own pins (the marker list shows those in view). */
  ownPins?: readonly unknown[];
  /** Shares the auto route through a read-only link (players only). */
  onShareRoute?: (points: readonly { lat: number; lng: number }[]) => void;
}

/**
 * What is drawn over the map: the preparing notice, the marker list and its button, the floor
 * control, the player's pins, the coordinates, the suggest tools.
 */
export function MapOverlay({ store, list, session, suggest, ...props }: Props) {
  const toolState = suggest.tools.state;
  const Tools = suggest.module?.SuggestToolsPanel;
  return (
    <>
      {props.preparing ? (
        <Suspense fallback={null}>
          <MapPreparing gameId={props.gameId} mapId={props.mapId} drawing={props.drawing} />
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
      {props.floors}
      {props.pins}
      {props.coords}
      {list.mounted && store ? (
        <Suspense fallback={null}>
          <MarkerListPanel
            store={store}
            controller={props.controller}
            views={props.views}
            visibility={store.visibleState}
            completion={store.completedState}
            open={list.open}
            focus={list.focus}
            canComplete={Boolean(session)}
            onComplete={props.onComplete}
            onClose={list.close}
            announce={props.announce}
            ownPins={props.ownPins}
            onShareRoute={props.onShareRoute}
          />
        </Suspense>
      ) : null}
      {props.region}
      {!toolState.suggestMode ? (
        <SuggestToggle onActivate={() => suggest.tools.setSuggestMode(true)} onPrepare={suggest.prefetch} />
      ) : Tools ? (
        <Tools
          state={toolState}
          gameId={props.gameId}
          loggedIn={Boolean(session)}
          name={session?.username ?? guestName()}
          admin={suggest.admin}
          loginPath={props.loginPath}
          placingName={props.placingName}
          onSuggestMode={suggest.tools.setSuggestMode}
          onShowOnlySuggestions={suggest.tools.setShowOnlySuggestions}
          othersHidden={suggest.othersHidden}
          onHideOthers={suggest.setOthersHidden}
          onTool={suggest.tools.chooseTool}
          linkTarget={props.linkTarget}
        />
      ) : null}
    </>
  );
}
