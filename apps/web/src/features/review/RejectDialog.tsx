import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { decisionReasonMax } from '@waypoint/shared/suggestions/schemas';
import { useState } from 'react';
import { reviewMessages as t } from '../../i18n/messages/review-messages.ts';
import type { Decision } from './api.ts';

/** A reject waiting for the reviewer's confirmation: what it covers and how to say it. */
export interface PendingReject {
  decision: Decision;
  /** The dialog's question (how many, or which parent). */
  title: string;
}

/**
 * Rejecting closes suggestions for good, so it is confirmed first, with room for a reason the
 * suggesters read in their notifications (optional).
 */
export function RejectDialog({
  pending,
  onClose,
  onReject,
}: {
  pending: PendingReject | null;
  onClose: () => void;
  onReject: (decision: Decision) => void;
}) {
  const [reason, setReason] = useState('');
  const close = () => {
    setReason('');
    onClose();
  };
  return (
    <Modal opened={pending !== null} onClose={close} title={pending?.title ?? ''} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!pending) return;
          const text = reason.trim();
          onReject(text ? { ...pending.decision, reason: text } : pending.decision);
          close();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{t.rejectLead}</Text>
          <Textarea
            label={t.rejectReason}
            description={t.rejectReasonHint}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            maxLength={decisionReasonMax}
            autosize
            minRows={2}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t.rejectCancel}
            </Button>
            <Button type="submit" color="red">
              {t.rejectConfirm}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
