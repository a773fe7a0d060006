import { decisionReasonMax } from '@waypoint/shared/suggestions/schemas';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { reviewMessages as t } from '../../../i18n/messages/review-messages.ts';
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
  const id = useId();
  const [reason, setReason] = useState('');
  return (
    <ConfirmDialog
      title={t.rejectTitle(count)}
      lead={t.rejectLead}
      cancelLabel={t.rejectCancel}
      confirmLabel={t.rejectConfirm}
      form
      onConfirm={(close) => {
        onReject(reason.trim() || undefined);
        close();
      }}
      onClose={onClose}
      testId="reject-all-dialog"
    >
      <label className={classes.reason}>
        <span>{t.rejectReason}</span>
        <textarea
          value={reason}
          rows={3}
          maxLength={decisionReasonMax}
          aria-describedby={`${id}-reason-hint`}
          onChange={(e) => setReason(e.target.value)}
          // biome-ignore lint/a11y/noAutofocus: the field is inside ConfirmDialog's modal <dialog>
          autoFocus
        />
        <span id={`${id}-reason-hint`} className={classes.dim}>
          {t.rejectReasonHint}
        </span>
      </label>
    </ConfirmDialog>
  );
}
