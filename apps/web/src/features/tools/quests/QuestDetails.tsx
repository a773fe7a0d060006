import { Anchor, Button, Checkbox, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink, IconHierarchy2 } from '@tabler/icons-react';
import type { TCategory, TQuest } from '@waypoint/shared/models/types';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { toolMessages } from '../../../i18n/messages/tool-messages.ts';
import { LoginPrompt } from '../common.tsx';
import classes from '../tools.module.css';

/** Link to the tracker focused on one quest. */
export const questLink = (gameId: string, questId: string) =>
  `/game/${encodeURIComponent(gameId)}/tools/quests?questId=${encodeURIComponent(questId)}`;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Text fw={700} size="sm">
        {title}
      </Text>
      {children}
    </Stack>
  );
}

function TextList({ items }: { items: string[] }) {
  if (items.length === 0) return <Text size="sm">–</Text>;
  return (
    <ul className={classes.detailsList}>
      {items.map((text, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: texts may repeat; the list never reorders
        <li key={i}>
          <Text size="sm" component="span">
            {text}
          </Text>
        </li>
      ))}
    </ul>
  );
}

/**
 * One objective's box. It follows a click at once (the save's optimistic update reaches it a moment
 * later) and then shows the save again, so a refused tick is taken back.
 */
function ObjectiveBox({
  text,
  done,
  completed,
  onTick,
}: {
  text: string;
  done: boolean;
  completed: boolean;
  onTick: (done: boolean) => void;
}) {
  const [shown, setShown] = useState(done);
  useEffect(() => setShown(done), [done]);
  return (
    <Checkbox
      size="sm"
      label={text}
      checked={shown}
      disabled={completed}
      onChange={(e) => {
        const tick = e.currentTarget.checked;
        setShown(tick);
        onTick(tick);
      }}
      className={completed ? classes.objectiveFixed : undefined}
      classNames={{ label: classes.objectiveLabel, icon: classes.objectiveIcon }}
      data-testid="objective"
    />
  );
}

/**
 * A logged-in player's objectives: one checkbox each, named by the objective. A completed quest
 * shows them all done (and fixed); when every one is ticked but the quest is not completed, the
 * list offers to complete it rather than doing so on its own.
 */
function ObjectiveChecklist({
  objectives,
  done,
  completed,
  readyToComplete,
  onTick,
  onComplete,
}: {
  objectives: string[];
  done: boolean[];
  completed: boolean;
  readyToComplete: boolean;
  onTick: (index: number, done: boolean) => void;
  onComplete: () => void;
}) {
  if (objectives.length === 0) return <Text size="sm">–</Text>;
  return (
    <Stack gap={8}>
      <Stack gap={6} component="ul" className={classes.objectiveList} data-testid="objective-list">
        {objectives.map((text, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: ticks are stored by index; the list never reorders
          <li key={i}>
            <ObjectiveBox
              text={text}
              done={done[i] ?? false}
              completed={completed}
              onTick={(tick) => onTick(i, tick)}
            />
          </li>
        ))}
      </Stack>
      {readyToComplete ? (
        <Paper withBorder p="xs" radius="sm" className={classes.readyPrompt} data-testid="objectives-ready">
          <Group gap="sm" justify="space-between" wrap="wrap">
            <Text size="sm">{toolMessages.allObjectivesDone}</Text>
            <Button size="compact-sm" color="teal.9" onClick={onComplete}>
              {toolMessages.completeQuest}
            </Button>
          </Group>
        </Paper>
      ) : null}
    </Stack>
  );
}

/** Each location links to the preferred map of the category of that name, with the quest selected. */
function Locations({ quest, categories }: { quest: TQuest; categories: TCategory[] }) {
  const names = quest.location ?? [];
  if (names.length === 0) return <Text size="sm">{toolMessages.anyLocation}</Text>;
  return (
    <Group gap="xs">
      {names.map((name) => {
        const category = categories.find((c) => c.name.toLowerCase() === name.toLowerCase());
        const mapId = category?.preferredMap;
        return mapId ? (
          <Anchor
            key={name}
            component={Link}
            size="sm"
            to={`/game/${encodeURIComponent(quest.gameId)}/maps/${encodeURIComponent(mapId)}?questId=${encodeURIComponent(quest._id)}`}
          >
            {name}
          </Anchor>
        ) : (
          <Text key={name} size="sm">
            {name}
          </Text>
        );
      })}
    </Group>
  );
}

export function QuestDetails({
  quest,
  prerequisites,
  completed,
  loggedIn,
  categories,
  objectivesDone,
  readyToComplete,
  onToggle,
  onTickObjective,
  onShowChain,
}: {
  quest: TQuest;
  /** Every quest it requires (the first is its previous quest). */
  prerequisites: TQuest[];
  completed: boolean;
  loggedIn: boolean;
  categories: TCategory[];
  /** One flag per objective: ticked, or the quest is completed. */
  objectivesDone: boolean[];
  /** Every objective ticked, the quest not completed: offer to complete it. */
  readyToComplete: boolean;
  onToggle: () => void;
  onTickObjective: (index: number, done: boolean) => void;
  onShowChain: () => void;
}) {
  return (
    <Stack className={classes.details} gap="md" data-testid="quest-details">
      <Title order={2} fz="h4">
        {quest.name}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Section title={toolMessages.objectives}>
          {loggedIn ? (
            <ObjectiveChecklist
              objectives={quest.objectives ?? []}
              done={objectivesDone}
              completed={completed}
              readyToComplete={readyToComplete}
              onTick={onTickObjective}
              onComplete={onToggle}
            />
          ) : (
            <TextList items={quest.objectives ?? []} />
          )}
        </Section>
        <Section title={toolMessages.rewards}>
          <TextList items={quest.rewards ?? []} />
        </Section>
        <Section title={toolMessages.locations}>
          <Locations quest={quest} categories={categories} />
        </Section>
        <Section title={toolMessages.preconditions}>
          {prerequisites.length > 0 ? (
            <Stack gap={2} data-testid="quest-preconditions">
              {prerequisites.map((p) => (
                <Anchor key={p._id} component={Link} size="sm" to={questLink(quest.gameId, p._id)}>
                  {p.name}
                </Anchor>
              ))}
            </Stack>
          ) : (
            <Text size="sm">–</Text>
          )}
        </Section>
      </SimpleGrid>
      <Group gap="sm">
        <Button
          size="sm"
          variant={completed ? 'default' : 'filled'}
          color={completed ? undefined : 'teal.9'}
          disabled={!loggedIn}
          onClick={onToggle}
        >
          {completed ? toolMessages.markAsPending : toolMessages.markAsCompleted}
        </Button>
        <Button size="sm" variant="light" leftSection={<IconHierarchy2 size={16} />} onClick={onShowChain}>
          {toolMessages.questChain}
        </Button>
        {quest.wikiLink ? (
          <Anchor href={quest.wikiLink} target="_blank" rel="noopener noreferrer" size="sm">
            <Group gap={4} component="span">
              {toolMessages.wikiLink}
              <IconExternalLink size={14} aria-hidden="true" />
            </Group>
          </Anchor>
        ) : null}
        {loggedIn ? null : <LoginPrompt />}
      </Group>
    </Stack>
  );
}
