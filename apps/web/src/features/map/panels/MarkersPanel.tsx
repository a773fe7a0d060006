import {
  IconChecks,
  IconChevronDown,
  IconChevronRight,
  IconCode,
  IconLink,
  IconMapPin,
  IconPlus,
  IconPolygon,
  IconRoute,
  IconSearch,
  IconSquareX,
} from '@tabler/icons-react';
import { groupDefinitions, listedDefinitions } from '@waypoint/shared/map/definitions';
import type { MapMarkerDefinition } from '@waypoint/shared/map/marker-data';
import type { TPin } from '@waypoint/shared/pins/schemas';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { Button, Check, IconButton, SearchInput } from '../../../components/controls.tsx';
import { mapMessages } from '../../../i18n/messages/map-messages.ts';
import { messages } from '../../../i18n/messages/messages.ts';
import { BanNote } from '../../community/BanNote.tsx';
import { useBanned } from '../../community/standing-query.ts';
import { openSuggestModal } from '../../suggest/open.ts';
import { FilterSwitches } from '../filters/FilterSwitches.tsx';
import { definitionImageUrl, drawDefinitionIcon } from '../layers/icons.ts';
import { MapProgress } from '../progress/MapProgress.tsx';
import type { MarkAllTarget } from '../progress/useMarkAll.tsx';
import type { SearchPick } from '../search/MapSearchResults.tsx';

const MapSearchResults = lazy(() => import('../search/MapSearchResults.tsx'));

import { safeColour } from '@waypoint/shared/map/palette';
import { setSafeMarkerColours, useSafeMarkerColours } from '../../../app/display.ts';
import { contentLang } from '../../../i18n/content.ts';
import { formatNumber } from '../../../i18n/format.ts';
import classes from '../map.module.css';
import progressClasses from '../progress/progress.module.css';

/** A definition's mark-all: "Mark all as found" until all are found, then "Unmark all". */
function DefinitionMarkAll({
  definition,
  found,
  total,
  onMarkAll,
}: {
  definition: MapMarkerDefinition;
  found: number;
  total: number;
  onMarkAll: (target: MarkAllTarget) => void;
}) {
  const completed = found < total;
  return (
    <IconButton
      label={completed ? mapMessages.markAllOf(definition.name) : mapMessages.unmarkAllOf(definition.name)}
      className={classes.placeButton}
      data-testid={`mark-all-${definition._id}`}
      onClick={() =>
        onMarkAll({
          name: definition.name,
          definitionId: definition._id,
          completed,
          count: completed ? total - found : found,
        })
      }
    >
      {completed ? <IconChecks size={16} /> : <IconSquareX size={16} />}
    </IconButton>
  );
}

/** Glyphs for the definitions the map does not draw as an icon; icons show their own picture. */
const typeIcons: Partial<Record<MapMarkerDefinition['markerDefinitionType'], typeof IconMapPin>> = {
  POLYGON: IconPolygon,
  ROUTE: IconRoute,
  HTML: IconCode,
};

/**
 * A definition's icon as the map draws it: its uploaded picture, or the pin (or the badge of a
 * missing picture) drawn by the map's own code into a small canvas after the panel is on screen.
 */
function DefinitionIcon({ definition }: { definition: MapMarkerDefinition }) {
  const url = definition.markerDefinitionType === 'IMAGE' ? definitionImageUrl(definition) : undefined;
  const [failed, setFailed] = useState(false);
  // Drawn when the canvas is mounted (no picture, or the picture failed) and for another definition.
  const drawInto = useCallback(
    (c: HTMLCanvasElement | null) => {
      if (!c) return;
      const image = drawDefinitionIcon(definition, 2).image as HTMLCanvasElement;
      c.width = image.width;
      c.height = image.height;
      c.getContext('2d')?.drawImage(image, 0, 0);
    },
    [definition],
  );
  const testId = `definition-icon-${definition._id}`;
  if (url && !failed)
    return (
      <img
        className={classes.definitionIcon}
        src={url}
        alt=""
        data-testid={testId}
        onError={() => setFailed(true)}
      />
    );
  return <canvas ref={drawInto} className={classes.definitionIcon} data-testid={testId} />;
}

interface Props {
  definitions: readonly MapMarkerDefinition[];
  counts: ReadonlyMap<string, number>;
  enabled: ReadonlySet<string>;
  /** Admins and suggest mode see definitions without placed markers too. */
  showAll: boolean;
  /** The '+' of each definition (admins, suggest mode): chooses it for the place tool. */
  onPlace?: (definition: MapMarkerDefinition) => void;
  /** The definition the place tool puts down. */
  placingId?: string | null;
  onToggle: (id: string) => void;
  /** A result of the search box was picked (a marker, definition, quest or item). */
  onSearchPick?: (pick: SearchPick) => void;
  /** The player's own pins, found by the search too. */
  ownPins?: readonly TPin[];
  onSetAll: (enabled: boolean, ids: string[]) => void;
  onCopyLink: () => void;
  /** Completed markers per definition (players): shown as 'found n/total'. */
  found?: ReadonlyMap<string, number>;
  /** "Mark all as found" / "Unmark all" of a definition or group (players). */
  onMarkAll?: (target: MarkAllTarget) => void;
}

/** The markers panel: enable definitions by group, search them, copy a link to the selection. */
export function MarkersPanel({
  definitions,
  counts,
  enabled,
  showAll,
  onToggle,
  onSetAll,
  onCopyLink,
  onPlace,
  placingId,
  found,
  onSearchPick,
  ownPins,
  onMarkAll,
}: Props) {
  const { gameId, mapId } = useParams();
  const banned = useBanned(gameId);
  const [search, setSearch] = useState('');
  const searchInput = useRef<HTMLInputElement>(null);
  // '/' anywhere on the page (outside a text field) goes to the search box.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement;
      if (
        e.key !== '/' ||
        e.ctrlKey ||
        e.metaKey ||
        e.altKey ||
        t.closest('input,textarea,select,[contenteditable]')
      )
        return;
      e.preventDefault();
      searchInput.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const count = (id: string) => counts.get(id) ?? 0;
  const foundOf = (id: string) => found?.get(id) ?? 0;
  // Only what a player can tick is counted as found (not bosses, extracts, spawns, zones or routes).
  const counted = (d: MapMarkerDefinition) => Boolean(found) && d.completable !== false;
  const listed = useMemo(
    () => listedDefinitions(definitions, (id) => counts.get(id) ?? 0, { showAll, search }),
    [definitions, counts, showAll, search],
  );
  const groups = useMemo(() => groupDefinitions(listed), [listed]);
  const listedIds = listed.map((d) => d._id);

  const toggleGroup = (name: string) =>
    setCollapsed((c) => {
      const next = new Set(c);
      if (next.has(name)) next.delete(name);
      else next.add(name);
      return next;
    });

  const safeColours = useSafeMarkerColours();
  const shownColour = (c: string) => (safeColours ? safeColour(c) : c);
  const searching = Boolean(onSearchPick && mapId && search.trim().length > 1);
  // The map's overall progress: the definitions shown, on the floor shown.
  const shownCounted = definitions.filter((d) => counted(d) && enabled.has(d._id));
  const sumOf = (list: MapMarkerDefinition[], of: (id: string) => number) =>
    list.reduce((n, d) => n + of(d._id), 0);
  return (
    <div className={classes.panelBody}>
      <div className={classes.panelActions}>
        <Button onClick={() => onSetAll(false, listedIds)}>{mapMessages.disableAll}</Button>
        <Button onClick={() => onSetAll(true, listedIds)}>{mapMessages.enableAll}</Button>
        {banned ? null : (
          <Button variant="light" onClick={() => openSuggestModal({ type: 'MARKER_DEFINITION', gameId })}>
            {messages.suggestNewCategory}
          </Button>
        )}
        <Button variant="light" icon={<IconLink size={14} />} onClick={onCopyLink}>
          {mapMessages.copyFilterLink}
        </Button>
      </div>
      <BanNote gameId={gameId} />
      {found ? (
        <>
          <MapProgress found={sumOf(shownCounted, foundOf)} total={sumOf(shownCounted, count)} shown />
          <FilterSwitches place="progress" />
        </>
      ) : null}
      <Check
        label={mapMessages.safeColours}
        checked={safeColours}
        onChange={(e) => setSafeMarkerColours(e.currentTarget.checked)}
        data-testid="safe-colours"
      />
      <FilterSwitches place="display" />
      <SearchInput
        placeholder={mapMessages.searchPlaceholder}
        aria-label={mapMessages.searchMarkers}
        icon={<IconSearch size={14} />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        ref={searchInput}
        data-testid="map-search"
      />
      {searching && onSearchPick && mapId ? (
        <Suspense>
          <MapSearchResults
            mapId={mapId}
            pins={ownPins}
            text={search}
            input={searchInput}
            onPick={(pick) => {
              setSearch('');
              onSearchPick(pick);
            }}
            onClear={() => setSearch('')}
          />
        </Suspense>
      ) : null}
      {/* While the map search answers, it says itself when nothing is found. */}
      {groups.length === 0 && !searching ? (
        <div className={classes.dimmed}>
          {search.trim() ? mapMessages.noMarkersMatch : mapMessages.noMarkers}
        </div>
      ) : null}
      {groups.map((group) => {
        const open = !collapsed.has(group.name);
        const countedDefs = group.definitions.filter(counted);
        const groupFound = sumOf(countedDefs, foundOf);
        const groupTotal = sumOf(countedDefs, count);
        return (
          <section key={group.name} className={classes.group}>
            <button
              type="button"
              className={classes.groupHeader}
              aria-expanded={open}
              onClick={() => toggleGroup(group.name)}
            >
              {open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
              <span lang={contentLang}>{group.name}</span>
              {countedDefs.length > 0 ? (
                <span className={classes.groupFound} data-testid={`group-found-${group.name}`}>
                  {mapMessages.foundCount(groupFound, groupTotal)}
                </span>
              ) : null}
            </button>
            {open && onMarkAll && groupTotal > 0 ? (
              <div className={progressClasses.groupActions} data-testid={`group-actions-${group.name}`}>
                <Button
                  variant="subtle"
                  disabled={groupFound >= groupTotal}
                  onClick={() =>
                    onMarkAll({
                      name: group.name,
                      category: group.name,
                      completed: true,
                      count: groupTotal - groupFound,
                    })
                  }
                >
                  {mapMessages.markAllFound}
                </Button>
                <Button
                  variant="subtle"
                  disabled={groupFound === 0}
                  onClick={() =>
                    onMarkAll({ name: group.name, category: group.name, completed: false, count: groupFound })
                  }
                >
                  {mapMessages.unmarkAll}
                </Button>
              </div>
            ) : null}
            {open ? (
              <ul className={classes.definitionList}>
                {group.definitions.map((d) => {
                  const Icon = typeIcons[d.markerDefinitionType] ?? IconMapPin;
                  const on = enabled.has(d._id);
                  return (
                    <li key={d._id} className={classes.definitionRow}>
                      <button
                        type="button"
                        className={classes.definition}
                        data-enabled={on || undefined}
                        aria-pressed={on}
                        data-testid={`definition-${d._id}`}
                        onClick={() => onToggle(d._id)}
                      >
                        {d.markerDefinitionType === 'SVG' || d.markerDefinitionType === 'IMAGE' ? (
                          <DefinitionIcon definition={d} />
                        ) : (
                          <Icon
                            size={16}
                            aria-hidden="true"
                            className={classes.definitionGlyph}
                            style={{ color: shownColour(d.wrapperColor || d.polygonColor) || undefined }}
                          />
                        )}
                        <span className={classes.definitionName} lang={contentLang}>
                          {d.name}
                        </span>
                        <span
                          className={classes.count}
                          title={
                            counted(d) ? mapMessages.foundCount(foundOf(d._id), count(d._id)) : undefined
                          }
                        >
                          {counted(d)
                            ? `${formatNumber(foundOf(d._id))}/${formatNumber(count(d._id))}`
                            : formatNumber(count(d._id))}
                        </span>
                      </button>
                      {onMarkAll && counted(d) && count(d._id) > 0 ? (
                        <DefinitionMarkAll
                          definition={d}
                          found={foundOf(d._id)}
                          total={count(d._id)}
                          onMarkAll={onMarkAll}
                        />
                      ) : null}
                      {onPlace ? (
                        <IconButton
                          label={mapMessages.place(d.name)}
                          aria-pressed={placingId === d._id}
                          className={classes.placeButton}
                          onClick={() => onPlace(d)}
                        >
                          <IconPlus size={16} />
                        </IconButton>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
            ) : null}
          </section>
        );
      })}
    </div>
  );
}
