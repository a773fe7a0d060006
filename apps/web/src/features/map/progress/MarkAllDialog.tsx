import { useEffect, useId, useRef } from 'react';
import { mapMessages } from '../../../i18n/messages/map-messages.ts';
import { messages } from '../../../i18n/messages/messages.ts';
import { Button } from '../controls.tsx';
import classes from './progress.module.css';
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
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal();
  }, []);
  const question = target.completed
    ? mapMessages.markAllQuestion(target.count, target.name)
    : mapMessages.unmarkAllQuestion(target.count, target.name);
  return (
    <dialog
      ref={dialog}
      className={classes.dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-hint`}
      onClose={onClose}
      data-testid="mark-all-dialog"
    >
      <h2 id={`${id}-title`} className={classes.dialogTitle}>
        {question}
      </h2>
      <p id={`${id}-hint`} className={classes.hint}>
        {mapMessages.markAllHint}
      </p>
      <div className={classes.actions}>
        <Button variant="subtle" onClick={() => dialog.current?.close()}>
          {messages.cancel}
        </Button>
        <Button onClick={onConfirm} autoFocus>
          {target.completed ? mapMessages.markAllFound : mapMessages.unmarkAll}
        </Button>
      </div>
    </dialog>
  );
}
