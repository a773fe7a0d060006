import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Progress,
  Stack,
  Text,
} from '@mantine/core';
import { IconMinus, IconPackage, IconPlus } from '@tabler/icons-react';
import {
  type Counter,
  canDecrease,
  canIncrease,
  type ItemRequirementLike,
  isHideoutRequirement,
  isQuestRequirement,
  isRequirementDone,
  type KeepMode,
  type KeepRow,
  keepRequirements,
  moduleMaxLevel,
  type TotalsOptions,
} from '@waypoint/shared/domain/items';
import type { THideoutModule, TItem, TQuest } from '@waypoint/shared/models/types';
import { useState } from 'react';
import { Link } from 'react-router';
import { imageUrl, thumbUrl } from '../../../api/images.ts';
import { contentLang } from '../../../i18n/content.ts';
import { toolMessages } from '../../../i18n/messages/tool-messages.ts';
import { LoginPrompt } from '../common.tsx';
import { questLink } from '../quests/QuestDetails.tsx';
import classes from '../tools.module.css';

export function ItemIcon({ item }: { item: TItem }) {
  const sources = [
    thumbUrl('item', item._id, 'icon', '150x150', item.images),
    imageUrl('item', item._id, 'icon', item.images),
    thumbUrl('item', item._id, 'image', '150x150', item.images),
  ].filter((s): s is string => Boolean(s));
  const [index, setIndex] = useState(0);
  const src = sources[index];
  return (
    <span className={classes.itemIcon}>
      {src ? (
        <img src={src} alt="" loading="lazy" decoding="async" onError={() => setIndex((i) => i + 1)} />
      ) : (
        <IconPackage size={26} aria-hidden="true" />
      )}
    </span>
  );
}

function CounterRow({
  label,
  counter,
  disabled,
  onChange,
  testId,
}: {
  label: string;
  counter: Counter;
  disabled: boolean;
  onChange: (delta: 1 | -1) => void;
  testId: string;
}) {
  const done = counter.owned >= counter.required;
  const value = counter.required > 0 ? Math.min(100, (counter.owned / counter.required) * 100) : 100;
  return (
    <Stack gap={4} data-testid={testId}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <div className={classes.counter}>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={toolMessages.removeOne(label)}
          disabled={disabled || !canDecrease(counter)}
          onClick={() => onChange(-1)}
        >
          <IconMinus size={16} />
        </ActionIcon>
        <Stack gap={4}>
          <Text className={classes.counterValue} fw={700} data-testid="count" c={done ? 'teal' : undefined}>
            {counter.owned} / {counter.required}
          </Text>
          <Progress value={value} color={done ? 'teal' : 'blue'} size="sm" aria-hidden="true" />
        </Stack>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={toolMessages.addOne(label)}
          disabled={disabled || !canIncrease(counter)}
          onClick={() => onChange(1)}
        >
          <IconPlus size={16} />
        </ActionIcon>
      </div>
    </Stack>
  );
}

/** Requirements of an item as a list: quantity, 'in raid', and the quest or hideout level it is for. */
export function RequirementLabel({
  requirement: r,
  gameId,
  done,
  quests,
  modules,
  compact = false,
}: {
  requirement: ItemRequirementLike;
  gameId: string;
  done: boolean;
  quests: ReadonlyMap<string, TQuest>;
  modules: ReadonlyMap<string, THideoutModule>;
  /** The table's form: smaller, without the word 'for'. */
  compact?: boolean;
}) {
  const doneClass = done ? classes.doneText : undefined;
  const size = compact ? 'xs' : 'sm';
  const level = r.hideoutModuleLevel;
  const moduleTitle = level ? (modules.get(level.moduleId)?.moduleTitle ?? level.moduleId) : '';
  return (
    <>
      <Text component="span" fw={700} size={size} className={doneClass}>
        {r.quantity}×
      </Text>
      {r.findOnly ? (
        <Badge size="xs" color="orange" variant="light" className={classes.inRaidTag}>
          {toolMessages.inRaid}
        </Badge>
      ) : null}
      {isQuestRequirement(r) ? (
        <>
          {compact ? null : (
            <Text component="span" size={size}>
              {toolMessages.forQuest}
            </Text>
          )}
          <Anchor component={Link} to={questLink(gameId, r.questId ?? '')} size={size} className={doneClass}>
            {quests.get(r.questId ?? '')?.name ?? r.questId}
          </Anchor>
        </>
      ) : level ? (
        <Text component="span" size={size} className={doneClass}>
          {compact
            ? toolMessages.hideoutModuleLevel(moduleTitle, level.level)
            : toolMessages.forHideoutLevel(moduleTitle, level.level)}
        </Text>
      ) : null}
    </>
  );
}

export function ItemCard({
  row,
  mode,
  loggedIn,
  doneOptions,
  quests,
  modules,
  onCount,
  onToggleQuest,
  onToggleBuilt,
}: {
  row: KeepRow<TItem>;
  mode: KeepMode;
  loggedIn: boolean;
  /** The player's completed quests and built hideout levels. */
  doneOptions: TotalsOptions;
  quests: ReadonlyMap<string, TQuest>;
  modules: ReadonlyMap<string, THideoutModule>;
  onCount: (findOnly: boolean, delta: 1 | -1, counter: Counter) => void;
  onToggleQuest: (quest: TQuest, completed: boolean) => void;
  onToggleBuilt: (moduleId: string, level: number, built: boolean) => void;
}) {
  const { item } = row;
  const [open, setOpen] = useState(false);
  const requirements = keepRequirements(item, mode);
  const showNormal = row.normal.required > 0 || row.inRaid.required === 0;
  return (
    <Card
      withBorder
      padding="md"
      data-testid="keep-card"
      data-item-id={item._id}
      data-complete={row.complete}
    >
      <Stack gap="sm">
        <Group wrap="nowrap" gap="sm" align="flex-start">
          <ItemIcon item={item} />
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            <Text fw={700} lh={1.3} lang={contentLang}>
              {item.itemName}
            </Text>
            {item.type ? (
              <Badge variant="light" color="gray" size="sm" lang={contentLang}>
                {item.type}
              </Badge>
            ) : null}
          </Stack>
        </Group>
        {showNormal ? (
          <CounterRow
            label={toolMessages.owned}
            counter={row.normal}
            disabled={!loggedIn}
            onChange={(delta) => onCount(false, delta, row.normal)}
            testId="counter-normal"
          />
        ) : null}
        {row.inRaid.required > 0 ? (
          <CounterRow
            label={toolMessages.inRaid}
            counter={row.inRaid}
            disabled={!loggedIn}
            onChange={(delta) => onCount(true, delta, row.inRaid)}
            testId="counter-in-raid"
          />
        ) : null}
        {loggedIn ? null : <LoginPrompt size="xs" />}
        <Button
          className={classes.toggle}
          variant="subtle"
          size="compact-sm"
          px={4}
          ml={-4}
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          style={{ alignSelf: 'flex-start' }}
        >
          {open ? toolMessages.hideDetails : toolMessages.showDetails}
        </Button>
        {open ? (
          <ul className={classes.requirements} data-testid="requirements">
            {requirements.map((r, i) => {
              const done = isRequirementDone(r, doneOptions);
              const quest = isQuestRequirement(r) ? quests.get(r.questId ?? '') : undefined;
              const level = isHideoutRequirement(r) ? r.hideoutModuleLevel : undefined;
              const module = level ? modules.get(level.moduleId) : undefined;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: the requirement list has no ids and never reorders
                <li key={i} data-done={done}>
                  <RequirementLabel
                    requirement={r}
                    gameId={item.gameId}
                    done={done}
                    quests={quests}
                    modules={modules}
                  />
                  {quest ? (
                    <Checkbox
                      size="xs"
                      ml="auto"
                      label={toolMessages.questDone}
                      checked={done}
                      disabled={!loggedIn}
                      onChange={(e) => onToggleQuest(quest, e.currentTarget.checked)}
                    />
                  ) : level && module && moduleMaxLevel(module) >= level.level ? (
                    <Checkbox
                      size="xs"
                      ml="auto"
                      label={toolMessages.hideoutLevelBuilt}
                      checked={done}
                      disabled={!loggedIn}
                      onChange={(e) => onToggleBuilt(level.moduleId, level.level, e.currentTarget.checked)}
                    />
                  ) : null}
                </li>
              );
            })}
          </ul>
        ) : null}
      </Stack>
    </Card>
  );
}
