import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { constants } from '@waypoint/shared/constants';
import type { MarkAll, MarkersChanged } from '@waypoint/shared/progress/schemas';
import { useState } from 'react';
import { api } from '../../../api/client.ts';
import type { Session } from '../../../api/session.ts';
import { Button } from '../../../components/controls.tsx';
import { toast } from '../../../components/toast.ts';
import { mapMessages } from '../../../i18n/messages/map-messages.ts';
import { messages } from '../../../i18n/messages/messages.ts';
import { mapKeys } from '../queries.ts';
import { MarkAllDialog } from './MarkAllDialog.tsx';
import classes from './progress.module.css';

/** What the markers panel asks to mark: a definition or a group, with the count it shows. */
export interface MarkAllTarget {
  name: string;
  definitionId?: string;
  category?: string;
  completed: boolean;
  count: number;
}

const toastId = 'mark-all-undo';

/**
 * "Mark all as found" / "Unmark all" of the markers panel: asked in a dialog, sent as one request,
 * and followed by the same Undo toast and grace period as a quest's completion; the undo sets back
 * exactly the markers the server says it changed.
 */
export function useMarkAll(session: Session | null, mapId: string, level: number | undefined) {
  const client = useQueryClient();
  const key = mapKeys.completedMarkers(session?.id ?? '');
  const [asking, setAsking] = useState<MarkAllTarget | null>(null);
  const apply = (changed: MarkersChanged) =>
    client.setQueryData<string[]>(key, (old) => {
      const ids = new Set(changed.markerIds);
      const rest = (old ?? []).filter((id) => !ids.has(id));
      return changed.completed ? [...rest, ...changed.markerIds] : rest;
    });
  const failed = () => toast.error(mapMessages.markAllFailed);
  const settled = () => client.invalidateQueries({ queryKey: key });
  const undo = useMutation({
    mutationFn: (changed: MarkersChanged) =>
      api.post<MarkersChanged>('/usercompletedmarkers/markMany', {
        mapId,
        markerIds: changed.markerIds,
        completed: !changed.completed,
      }),
    onSuccess: apply,
    onError: failed,
    onSettled: settled,
  });
  const mark = useMutation({
    mutationFn: (body: MarkAll) => api.post<MarkersChanged>('/usercompletedmarkers/markAll', body),
    onSuccess: (changed) => {
      apply(changed);
      if (changed.markerIds.length > 0) showUndoToast(changed, () => undo.mutate(changed));
    },
    onError: failed,
    onSettled: settled,
  });

  const confirm = () => {
    if (!asking) return;
    const { definitionId, category, completed } = asking;
    mark.mutate({ mapId, definitionId, category, completed, ...(level === undefined ? {} : { level }) });
    setAsking(null);
  };
  const dialog = asking ? (
    <MarkAllDialog target={asking} onConfirm={confirm} onClose={() => setAsking(null)} />
  ) : null;
  return { ask: session ? setAsking : undefined, dialog };
}

function showUndoToast(changed: MarkersChanged, onUndo: () => void) {
  const count = changed.markerIds.length;
  notifications.hide(toastId);
  notifications.show({
    id: toastId,
    autoClose: constants.undoGraceMs,
    closeButtonProps: { 'aria-label': messages.close },
    color: changed.completed ? 'teal' : 'blue',
    message: (
      <div className={classes.undoToast} data-testid="mark-all-undo-toast">
        <span>
          {changed.completed ? mapMessages.markedAllFound(count) : mapMessages.markedAllNotFound(count)}
        </span>
        <Button
          variant="light"
          onClick={() => {
            notifications.hide(toastId);
            onUndo();
          }}
        >
          {messages.undo}
        </Button>
      </div>
    ),
  });
}
