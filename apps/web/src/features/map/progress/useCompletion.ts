import { useCallback, useMemo } from 'react';
import type { Session } from '../../../api/session.ts';
import { mapMessages } from '../../../i18n/messages/map-messages.ts';
import { useCompletedMarkers, useSetMarkerCompleted } from '../queries.ts';

/** The player's found markers, and one marked found or not (popup and list alike), said to screen readers. */
export function useCompletion(session: Session | null, announce: (text: string) => void) {
  const completedMarkers = useCompletedMarkers(session);
  const completedSet = useMemo(
    () => new Set(session ? (completedMarkers.data ?? []) : []),
    [completedMarkers.data, session],
  );
  const completeMarker = useSetMarkerCompleted(session).mutate;
  const setCompleted = useCallback(
    (id: string, name: string, completed: boolean) => {
      completeMarker({ id, completed });
      announce(completed ? mapMessages.markedFound(name) : mapMessages.markedNotFound(name));
    },
    [completeMarker, announce],
  );
  return { completedSet, setCompleted };
}
