import { Alert, Anchor, Badge, Checkbox, Modal, Progress, Stack, Text } from '@mantine/core';
import { type QuestChain, type QuestChainNode, questChain } from '@waypoint/shared/domain/quests';
import type { TQuest } from '@waypoint/shared/models/types';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { messages } from '../../../i18n/messages/messages.ts';
import { toolMessages } from '../../../i18n/messages/tool-messages.ts';
import classes from '../tools.module.css';
import { questLink } from './QuestDetails.tsx';
import { StatusIcon } from './StatusIcon.tsx';

interface Props {
  questId: string | null;
  quests: TQuest[];
  completed: ReadonlySet<string>;
  loggedIn: boolean;
  onToggle: (quest: TQuest, completed: boolean) => void;
  onClose: () => void;
}

/** The chain of a quest: its prerequisites and followers as a tree, with the player's progress. */
export function QuestChainModal({ questId, quests, completed, loggedIn, onToggle, onClose }: Props) {
  const chain = useMemo(
    () => (questId ? questChain(questId, quests, completed) : undefined),
    [questId, quests, completed],
  );
  const focus = chain?.nodes.find((n) => n.focus)?.quest;
  const names = useMemo(() => new Map(quests.map((q) => [q._id, q.name])), [quests]);
  return (
    <Modal
      opened={Boolean(chain)}
      onClose={onClose}
      title={focus ? toolMessages.questChainOf(focus.name) : toolMessages.questChain}
      size="lg"
      closeButtonProps={{ 'aria-label': messages.close }}
    >
      {chain ? (
        <Stack gap="md" data-testid="quest-chain">
          <Stack gap={4}>
            <Text size="sm">{toolMessages.questChainProgress(chain.completedCount, chain.nodes.length)}</Text>
            <Progress
              value={(chain.completedCount / chain.nodes.length) * 100}
              color="teal"
              aria-label={toolMessages.questChainProgress(chain.completedCount, chain.nodes.length)}
            />
          </Stack>
          {chain.cycle ? (
            <Alert color="yellow" variant="light">
              {toolMessages.questChainLoop}
            </Alert>
          ) : null}
          <ul className={classes.chain}>
            {chain.rootIds.map((id) => (
              <ChainBranch
                key={id}
                id={id}
                chain={chain}
                names={names}
                loggedIn={loggedIn}
                onToggle={onToggle}
                onClose={onClose}
                path={[]}
              />
            ))}
          </ul>
        </Stack>
      ) : null}
    </Modal>
  );
}

function ChainBranch({
  id,
  chain,
  names,
  loggedIn,
  onToggle,
  onClose,
  path,
}: {
  id: string;
  chain: QuestChain<TQuest>;
  /** Quest names by id, for the prerequisites a card names. */
  names: ReadonlyMap<string, string>;
  loggedIn: boolean;
  onToggle: (quest: TQuest, completed: boolean) => void;
  onClose: () => void;
  /** The quests above this one: a quest never shows inside its own branch. */
  path: readonly string[];
}) {
  const node = chain.nodes.find((n) => n.quest._id === id);
  if (!node || path.includes(id)) return null;
  const below = [...path, id];
  const followers = chain.edges.filter((e) => e.from === id).map((e) => e.to);
  return (
    <li className={classes.chainNode}>
      <ChainCard node={node} names={names} loggedIn={loggedIn} onToggle={onToggle} onClose={onClose} />
      {followers.length > 0 ? (
        <ul>
          {followers.map((f) => (
            <ChainBranch
              key={f}
              id={f}
              chain={chain}
              names={names}
              loggedIn={loggedIn}
              onToggle={onToggle}
              onClose={onClose}
              path={below}
            />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

function ChainCard({
  node,
  names,
  loggedIn,
  onToggle,
  onClose,
}: {
  node: QuestChainNode<TQuest>;
  names: ReadonlyMap<string, string>;
  loggedIn: boolean;
  onToggle: (quest: TQuest, completed: boolean) => void;
  onClose: () => void;
}) {
  const { quest, status } = node;
  return (
    <div
      className={classes.chainCard}
      data-status={status}
      data-focus={node.focus}
      data-testid="chain-node"
      data-quest-id={quest._id}
    >
      <StatusIcon status={status} />
      {loggedIn ? (
        <Checkbox
          size="xs"
          checked={status === 'completed'}
          onChange={(e) => onToggle(quest, e.currentTarget.checked)}
          aria-label={`${toolMessages.questDone}: ${quest.name}`}
        />
      ) : null}
      <Badge variant="light" size="sm" color="gray" style={{ flex: 'none', overflow: 'visible' }}>
        {quest.questLevel >= 0 ? quest.questLevel : '–'}
      </Badge>
      <Anchor component={Link} to={questLink(quest.gameId, quest._id)} onClick={onClose} size="sm" fw={600}>
        {quest.name}
      </Anchor>
      {node.alsoRequires.length > 0 ? (
        <Text size="xs" c="dimmed" data-testid="chain-also-requires">
          {toolMessages.questAlsoRequires(node.alsoRequires.map((id) => names.get(id) ?? id).join(', '))}
        </Text>
      ) : null}
    </div>
  );
}
