import { decisionReasonMax } from '@waypoint/shared/suggestions/schemas';
import { useEffect, useId, useRef, useState } from 'react';
import { reviewMessages as t } from '../../../i18n/messages/review-messages.ts';
import { Button } from '../controls.tsx';
import dialogs from '../progress/progress.module.css';
import classes from './suggest.module.css';

/**
 * Rejecting closes an author's suggestions for good, so it is confirmed first, with room for a
 * reason they read in their notifications: the review page's reject, in the map's own controls (the
 * map page does not load the component kit).
 */
export function RejectAllDialog({
  count,
  onReject,
  onClose,
}: {
  count: number;
  onReject: (reason: string | undefined) => void;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [reason, setReason] = useState('');
  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal();
  }, []);
  return (
    <dialog
      ref={dialog}
      className={dialogs.dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-lead`}
      onClose={onClose}
      data-testid="reject-all-dialog"
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onReject(reason.trim() || undefined);
          dialog.current?.close();
        }}
      >
        <h2 id={`${id}-title`} className={dialogs.dialogTitle}>
          {t.rejectTitle(count)}
        </h2>
        <p id={`${id}-lead`} className={dialogs.hint}>
          {t.rejectLead}
        </p>
        <label className={classes.reason}>
          <span>{t.rejectReason}</span>
          <textarea
            value={reason}
            rows={3}
            maxLength={decisionReasonMax}
            aria-describedby={`${id}-reason-hint`}
            onChange={(e) => setReason(e.target.value)}
            autoFocus
          />
          <span id={`${id}-reason-hint`} className={classes.dim}>
            {t.rejectReasonHint}
          </span>
        </label>
        <div className={dialogs.actions}>
          <Button variant="subtle" onClick={() => dialog.current?.close()}>
            {t.rejectCancel}
          </Button>
          <Button type="submit">{t.rejectConfirm}</Button>
        </div>
      </form>
    </dialog>
  );
}
