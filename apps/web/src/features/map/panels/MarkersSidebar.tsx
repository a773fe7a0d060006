import { filterLink } from '@waypoint/shared/map/definitions';
import type { MapMarkerDefinition } from '@waypoint/shared/map/marker-data';
import type { TPin } from '@waypoint/shared/pins/schemas';
import { useParams } from 'react-router';
import type { Session } from '../../../api/session.ts';
import { mapMessages } from '../../../i18n/messages/map-messages.ts';
import { messages } from '../../../i18n/messages/messages.ts';
import { useBanned } from '../../community/standing-query.ts';
import classes from '../map.module.css';
import { copyLink, type Sidebars } from '../page-hooks.tsx';
import { useMarkAll } from '../progress/useMarkAll.tsx';
import { Sidebar } from '../Sidebar.tsx';
import type { SearchPick } from '../search/MapSearchResults.tsx';
import type { SuggestMode } from '../useSuggestMode.ts';
import { MarkersPanel } from './MarkersPanel.tsx';

interface Props {
  sidebars: Sidebars;
  suggest: SuggestMode;
  definitions: MapMarkerDefinition[];
  /** The marker data could not be read. */
  failed: boolean;
  counts: ReadonlyMap<string, number>;
  enabled: ReadonlySet<string>;
  setEnabled: (ids: Set<string>) => void;
  toggle: (id: string) => void;
  onSearchPick: (pick: SearchPick) => void;
  ownPins?: readonly TPin[];
  reportedOnly: boolean;
  setReportedOnly: (on: boolean) => void;
  /** Completed markers per definition (players only). */
  found: ReadonlyMap<string, number> | undefined;
  hideFound: boolean;
  setHideFound: (on: boolean) => void;
  /** Who marks all, on which map, and the floor counted (undefined: every floor). */
  markAll: { session: Session | null; mapId: string; level: number | undefined };
}

/** The left sidebar: the authors of suggestions (admins in suggest mode) and the markers panel. */
export function MarkersSidebar({ sidebars, suggest, enabled, setEnabled, ...props }: Props) {
  const toolState = suggest.tools.state;
  const Authors = suggest.module?.AuthorsPanel;
  const markAll = useMarkAll(props.markAll.session, props.markAll.mapId, props.markAll.level);
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
      {props.failed ? (
        <div className={classes.panelBody}>{messages.somethingWentWrong}</div>
      ) : (
        <MarkersPanel
          definitions={props.definitions}
          counts={props.counts}
          enabled={enabled}
          showAll={suggest.admin || toolState.suggestMode}
          onPlace={suggest.canPlace && !banned ? placeDefinition : undefined}
          placingId={toolState.tool === 'PLACE' ? toolState.placing?.definitionId : null}
          onToggle={props.toggle}
          onSearchPick={props.onSearchPick}
          ownPins={props.ownPins}
          onSetAll={(on, ids) => {
            const next = new Set(enabled);
            for (const id of ids) {
              if (on) next.add(id);
              else next.delete(id);
            }
            setEnabled(next);
          }}
          onCopyLink={() => copyLink(filterLink(location.href, enabled))}
          reportedOnly={props.reportedOnly}
          onReportedOnly={props.setReportedOnly}
          found={props.found}
          hideFound={props.hideFound}
          onHideFound={props.setHideFound}
          onMarkAll={markAll.ask}
        />
      )}
      {markAll.dialog}
    </Sidebar>
  );
}
