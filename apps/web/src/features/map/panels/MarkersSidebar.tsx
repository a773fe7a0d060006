import { filterLink } from '@waypoint/shared/map/definitions';
import type { MapMarkerDefinition } from '@waypoint/shared/map/marker-data';
import { useParams } from 'react-router';
import { mapMessages } from '../../../i18n/messages/map-messages.ts';
import { messages } from '../../../i18n/messages/messages.ts';
import { useBanned } from '../../community/standing-query.ts';
import classes from '../map.module.css';
import { copyLink, useMapPage } from '../page-hooks.tsx';
import { useMarkAll } from '../progress/useMarkAll.tsx';
import { Sidebar } from '../Sidebar.tsx';
import { MarkersPanel } from './MarkersPanel.tsx';

/** The left sidebar: the authors of suggestions (admins in suggest mode) and the markers panel. */
export function MarkersSidebar() {
  const { sidebars, suggest, session, map, floors, markers, ...page } = useMapPage();
  const { enabled, setEnabled } = markers;
  const toolState = suggest.tools.state;
  const Authors = suggest.module?.AuthorsPanel;
  const markAll = useMarkAll(session, map._id, floors.counted && floors.current);
  // A banned user is not offered placing: the markers panel says why instead.
  const banned = useBanned(useParams().gameId);
  /** The '+' of a definition: chosen for placing, and switched on so that what is placed shows. */
  const placeDefinition = (definition: MapMarkerDefinition) => {
    const placing = suggest.choosePlacing(definition);
    if (placing && !enabled.has(definition._id)) setEnabled(new Set([...enabled, definition._id]));
    // On a narrow screen the sheet covers the map: it steps aside for the click that places.
    if (placing && sidebars.narrow) sidebars.setLeft(false);
  };
  return (
    <Sidebar side="left" title={mapMessages.markers} open={sidebars.left} onOpenChange={sidebars.setLeft}>
      {suggest.admin && toolState.suggestMode && Authors ? (
        <Authors
          suggestions={suggest.suggestions}
          only={suggest.authorFilter}
          onOnly={suggest.setAuthorFilter}
          onDecide={suggest.decide}
        />
      ) : null}
      {markers.failed ? (
        <div className={classes.panelBody}>{messages.somethingWentWrong}</div>
      ) : (
        <MarkersPanel
          definitions={markers.definitions}
          counts={markers.counts}
          enabled={enabled}
          showAll={suggest.admin || toolState.suggestMode}
          onPlace={suggest.canPlace && !banned ? placeDefinition : undefined}
          placingId={toolState.tool === 'PLACE' ? toolState.placing?.definitionId : null}
          onToggle={markers.toggle}
          onSearchPick={page.searchPick}
          ownPins={page.pins.pins}
          onSetAll={(on, ids) => {
            const next = new Set(enabled);
            for (const id of ids) {
              if (on) next.add(id);
              else next.delete(id);
            }
            setEnabled(next);
          }}
          onCopyLink={() => copyLink(filterLink(location.href, enabled))}
          found={markers.found}
          onMarkAll={markAll.ask}
        />
      )}
      {markAll.dialog}
    </Sidebar>
  );
}
