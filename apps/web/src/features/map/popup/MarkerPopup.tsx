import { IconLink } from '@tabler/icons-react';
import { constants } from '@waypoint/shared/constants';
import type { MapMarkerDefinition } from '@waypoint/shared/map/marker-data';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { imageUrl } from '../../../api/images.ts';
import { Button, Check } from '../../../components/controls.tsx';
import { SafeHtml } from '../../../components/SafeHtml.tsx';
import { contentLang } from '../../../i18n/content.ts';
import { mapMessages } from '../../../i18n/messages/map-messages.ts';
import { messages } from '../../../i18n/messages/messages.ts';
import { useOpenSuggestionsFor } from '../edit-queries.ts';
import classes from '../map.module.css';
import { MarkerNote } from '../pins/MarkerNote.tsx';
import { useItem, useMarkerDetails } from '../queries.ts';

// Freshness and the suggestion discussion load with the first popup, not with the map.
const Freshness = lazy(() => import('./Freshness.tsx').then((m) => ({ default: m.Freshness })));
const SuggestionDiscussion = lazy(() =>
  import('./SuggestionDiscussion.tsx').then((m) => ({ default: m.SuggestionDiscussion })),
);

interface Props {
  id: string;
  name: string;
  definition: MapMarkerDefinition;
  questName: string | undefined;
  questId: string;
  /** Undefined for guests: they cannot complete markers. */
  completed: boolean | undefined;
  onCompletedChange: (completed: boolean) => void;
  onShowQuest: (questId: string) => void;
  /** The popup changed size (content arrived). */
  onLayout: () => void;
  /** A confirmation or report changed the marker's open report count. */
  onReportCount?: (count: number) => void;
  /** The signed-in player's id; undefined for guests. */
  userId: string | undefined;
  loginPath: string;
  /** A marker drawn from a suggestion: its discussion shows (for its author and admins). */
  suggestionId?: string;
  /** Opens the marker in 'Editing marker' (admins and suggest mode). */
  onEdit?: () => void;
  /** Copies a link that opens the map at this marker with its popup. */
  onShare?: () => void;
  /** The player's private note on the marker, and how to change it (players only). */
  note?: { text: string; save: (note: string) => void };
}

/** A marker's popup: name, description, images, item and key labels, quest link, completion. */
export function MarkerPopup(props: Props) {
  const { id, definition, completed } = props;
  // The box follows the click at once; the saved state (the page's optimistic update, or its
  // rollback when saving fails) replaces it when it arrives.
  const [shown, setShown] = useState(completed);
  useEffect(() => setShown(completed), [completed]);
  // A marker that exists only as a suggestion (an ADD) has no details to read yet.
  const details = useMarkerDetails(id, props.suggestionId !== id);
  const marker = details.data;
  const item = useItem(marker?.itemId || undefined);
  // The player's own open suggestions about this marker: their discussion shows here too.
  const own = useOpenSuggestionsFor(props.suggestionId ? undefined : props.userId, id);
  const discussed = props.suggestionId ? [props.suggestionId] : (own.data ?? []).map((s) => s._id);
  const root = useRef<HTMLDivElement>(null);
  const { onLayout } = props;

  useEffect(() => {
    const el = root.current;
    if (!el) return;
    const observer = new ResizeObserver(() => onLayout());
    observer.observe(el);
    return () => observer.disconnect();
  }, [onLayout]);

  const images = marker
    ? Array.from({ length: constants.maxPlacedMarkerImages }, (_, n) =>
        imageUrl('placedmarker', id, String(n), marker.images),
      ).filter((u): u is string => Boolean(u))
    : [];
  const description = marker?.description || (props.questName ? '' : definition.description);

  return (
    <div ref={root} className={classes.popupBody} data-testid="marker-popup">
      <div className={classes.popupTitle} lang={contentLang}>
        {props.name || definition.name}
      </div>
      <div className={classes.popupKind} lang={contentLang}>
        {definition.name}
      </div>
      {details.isPending && details.fetchStatus === 'fetching' ? (
        <div className={classes.dimmed}>{mapMessages.loading}</div>
      ) : null}
      {description && definition.markerDefinitionType !== 'HTML' ? (
        <SafeHtml html={description} className={classes.popupText} />
      ) : null}
      {images.length > 0 ? (
        <div className={classes.popupImages}>
          {images.map((src, n) => (
            <span key={src} className={classes.popupImage}>
              <img src={src} alt={mapMessages.imageOf(props.name || definition.name, n + 1)} loading="lazy" />
              <img src={src} alt="" aria-hidden="true" className={classes.popupImageLarge} />
            </span>
          ))}
        </div>
      ) : null}
      {item.data ? (
        <div>
          <strong>{mapMessages.itemSpawn}</strong> <span lang={contentLang}>{item.data.itemName}</span>
        </div>
      ) : null}
      {definition.door ? (
        <div>
          <strong>{mapMessages.keyNeeded}</strong> <span lang={contentLang}>{definition.key || '—'}</span>
        </div>
      ) : null}
      {props.questId && props.questName ? (
        <button type="button" className={classes.linkButton} onClick={() => props.onShowQuest(props.questId)}>
          {mapMessages.quest} <span lang={contentLang}>{props.questName}</span>
        </button>
      ) : null}
      {marker?.authorName ? (
        <div className={classes.dimmed}>{messages.byAuthor(marker.authorName)}</div>
      ) : null}
      <Suspense fallback={null}>
        {marker && !props.suggestionId ? (
          <Freshness
            onAnswer={(answer) => props.onReportCount?.(answer.reportCount)}
            markerId={id}
            lastConfirmedAt={marker.lastConfirmedAt}
            reportCount={marker.reportCount ?? 0}
            loggedIn={Boolean(props.userId)}
            loginPath={props.loginPath}
          />
        ) : null}
        {props.userId
          ? discussed.map((suggestionId) => (
              <SuggestionDiscussion key={suggestionId} suggestionId={suggestionId} />
            ))
          : null}
      </Suspense>
      <div className={classes.popupActions}>
        {props.onShare ? (
          <Button variant="light" icon={<IconLink size={14} />} onClick={props.onShare}>
            {mapMessages.copyMarkerLink}
          </Button>
        ) : null}
        {props.onEdit ? (
          <Button variant="light" onClick={props.onEdit}>
            {mapMessages.edit}
          </Button>
        ) : null}
      </div>
      {completed !== undefined && definition.completable ? (
        <Check
          label={mapMessages.completed}
          checked={Boolean(shown)}
          onChange={(e) => {
            setShown(e.currentTarget.checked);
            props.onCompletedChange(e.currentTarget.checked);
          }}
          data-testid="marker-completed"
        />
      ) : null}
      {props.note ? <MarkerNote note={props.note.text} onSave={props.note.save} onLayout={onLayout} /> : null}
    </div>
  );
}
