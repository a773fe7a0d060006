import { Button, Group, List, Modal, Text } from '@mantine/core';
import type { TQuest } from '@waypoint/shared/models/types';
import { messages } from '../../../i18n/messages/messages.ts';
import { toolMessages } from '../../../i18n/messages/tool-messages.ts';

export interface ChainChange {
  quest: TQuest;
  /** Prerequisites to complete with it, or dependents to un-complete with it. */
  with: TQuest[];
  completed: boolean;
}

interface Props {
  change: ChainChange | null;
  onConfirm: (change: ChainChange) => void;
  onClose: () => void;
}

/**
 * Completing a locked quest offers to complete what it needs; un-completing a quest offers to
 * un-complete what depends on it. Either way the chain stays consistent, and it is one change.
 */
export function ChainConfirm({ change, onConfirm, onClose }: Props) {
  const count = change ? change.with.length + 1 : 0;
  return (
    <Modal
      opened={change !== null}
      onClose={onClose}
      title={change?.completed ? toolMessages.completeChainTitle : toolMessages.uncompleteChainTitle}
      centered
    >
      {change ? (
        <>
          <Text size="sm" mb="xs">
            {change.completed
              ? toolMessages.completeChainLead(change.quest.name)
              : toolMessages.uncompleteChainLead(change.quest.name)}
          </Text>
          <List size="sm" mb="md" data-testid="chain-quests">
            {change.with.map((q) => (
              <List.Item key={q._id}>{q.name}</List.Item>
            ))}
          </List>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {messages.cancel}
            </Button>
            <Button
              onClick={() => {
                onConfirm(change);
                onClose();
              }}
            >
              {change.completed
                ? toolMessages.completeChainConfirm(count)
                : toolMessages.uncompleteChainConfirm(count)}
            </Button>
          </Group>
        </>
      ) : null}
    </Modal>
  );
}
