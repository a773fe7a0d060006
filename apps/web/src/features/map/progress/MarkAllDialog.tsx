import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { mapMessages } from '../../../i18n/messages/map-messages.ts';
import { messages } from '../../../i18n/messages/messages.ts';
import type { MarkAllTarget } from './useMarkAll.tsx';

/** The confirmation of a mark-all: how many markers of what change, and that it can be undone. */
export function MarkAllDialog({
  target,
  onConfirm,
  onClose,
}: {
  target: MarkAllTarget;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      title={
        target.completed
          ? mapMessages.markAllQuestion(target.count, target.name)
          : mapMessages.unmarkAllQuestion(target.count, target.name)
      }
      lead={mapMessages.markAllHint}
      cancelLabel={messages.cancel}
      confirmLabel={target.completed ? mapMessages.markAllFound : mapMessages.unmarkAll}
      confirmFocused
      onConfirm={() => onConfirm()}
      onClose={onClose}
      testId="mark-all-dialog"
    />
  );
}
