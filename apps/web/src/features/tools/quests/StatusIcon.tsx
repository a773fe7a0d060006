import { IconLock, IconLockOpen } from '@tabler/icons-react';
import type { QuestStatus } from '@waypoint/shared/domain/quests';
import { toolMessages } from '../../../i18n/messages/tool-messages.ts';
import classes from '../tools.module.css';

const label: Record<QuestStatus, string> = {
  completed: toolMessages.questDone,
  unlocked: toolMessages.questUnlocked,
  locked: toolMessages.questLocked,
};

/** The unlocked or locked icon of a quest (completed quests show open, in green). */
export function StatusIcon({ status }: { status: QuestStatus }) {
  const Icon = status === 'locked' ? IconLock : IconLockOpen;
  return (
    <span className={classes[status]} title={label[status]} role="img" aria-label={label[status]}>
      <Icon size={18} aria-hidden="true" />
    </span>
  );
}
