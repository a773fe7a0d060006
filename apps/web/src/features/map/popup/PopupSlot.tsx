import { Suspense, useEffect } from 'react';
import { preloadable } from '../../../app/preloadable.tsx';
import { mapMessages } from '../../../i18n/messages/map-messages.ts';
import type { MarkerStore } from '../layers/marker-store.ts';
import classes from '../map.module.css';

// The popup's code loads after the markers are drawn (or with a first click before that), not with
// the map: then the first popup opens without a placeholder, which React would keep up for 300 ms.
const MarkerPopup = preloadable(() => import('./MarkerPopup.tsx').then((m) => m.MarkerPopup));
const popupPreloadDelayMs = 1000;

/** Loads the popup's code a while after the marker layers are there. */
export function usePopupPreload(layersReady: boolean) {
  useEffect(() => {
    if (!layersReady) return;
    // A failed load is tried again by the first popup.
    const timer = setTimeout(() => MarkerPopup.preload().catch(() => undefined), popupPreloadDelayMs);
    return () => clearTimeout(timer);
  }, [layersReady]);
}

interface Props {
  store: MarkerStore;
  index: number;
  relayout: () => void;
  questName: (questId: string) => string | undefined;
  /** Whether the player found the marker (undefined for guests). */
  completed: boolean | undefined;
  onCompletedChange: (id: string, name: string, completed: boolean) => void;
  onShowQuest: (questId: string) => void;
  userId: string | undefined;
  loginPath: string;
  onEdit: ((actionId: string) => void) | undefined;
  onShare: (index: number) => void;
  /** The player's notes on markers by id, and how to set one (players only). */
  notes?: { of: ReadonlyMap<string, string>; save: (markerId: string, note: string) => void };
}

/** The open popup of marker `index`: its content, once its code is in. */
export function PopupSlot({ store, index: i, relayout, questName, onCompletedChange, ...props }: Props) {
  // The markers drawn changed under the open popup (a suggestion hidden or decided): the map closes
  // the popup right after this render, which must not read past the new markers.
  if (i >= store.size) return null;
  const id = store.ids[i];
  const qid = store.questId(i);
  const { onEdit, onShare } = props;
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
        questName={qid ? questName(qid) : undefined}
        completed={props.completed}
        onCompletedChange={(completed) =>
          onCompletedChange(id, store.names[i] || store.definitionOf(i).name, completed)
        }
        onShowQuest={props.onShowQuest}
        onLayout={relayout}
        onReportCount={(count) => store.setReported(i, count > 0)}
        userId={props.userId}
        loginPath={props.loginPath}
        suggestionId={store.suggestionId(i) || undefined}
        onEdit={onEdit ? () => onEdit(store.actionId(i)) : undefined}
        onShare={() => onShare(i)}
        note={props.notes && { text: props.notes.of.get(id) ?? '', save: (n) => props.notes?.save(id, n) }}
      />
    </Suspense>
  );
}
