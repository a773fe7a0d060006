import { Anchor, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink, IconHierarchy2 } from '@tabler/icons-react';
import type { TCategory, TQuest } from '@waypoint/shared/models/types';
import { toolMessages } from '@waypoint/shared/tool-messages';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
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
  previous,
  completed,
  loggedIn,
  categories,
  onToggle,
  onShowChain,
}: {
  quest: TQuest;
  previous: TQuest | undefined;
  completed: boolean;
  loggedIn: boolean;
  categories: TCategory[];
  onToggle: () => void;
  onShowChain: () => void;
}) {
  return (
    <Stack className={classes.details} gap="md" data-testid="quest-details">
      <Title order={2} fz="h4">
        {quest.name}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Section title={toolMessages.objectives}>
          <TextList items={quest.objectives ?? []} />
        </Section>
        <Section title={toolMessages.rewards}>
          <TextList items={quest.rewards ?? []} />
        </Section>
        <Section title={toolMessages.locations}>
          <Locations quest={quest} categories={categories} />
        </Section>
        <Section title={toolMessages.preconditions}>
          {previous ? (
            <Anchor component={Link} size="sm" to={questLink(quest.gameId, previous._id)}>
              {previous.name}
            </Anchor>
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
