import { ActionIcon, Button, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { builtLevelOf, moduleMaxLevel } from '@waypoint/shared/domain/items';
import type { THideoutModule } from '@waypoint/shared/models/types';
import { useState } from 'react';
import { toolMessages } from '../../../i18n/messages/tool-messages.ts';
import classes from '../tools.module.css';

const closedKey = 'waypoint:hideoutPanelClosed';

/** Whether the module list is open: open until the player closes it, remembered in this browser. */
function usePanelOpen(): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useState(() => {
    try {
      return localStorage.getItem(closedKey) !== 'true';
    } catch {
      return true;
    }
  });
  const set = (next: boolean) => {
    setOpen(next);
    try {
      if (next) localStorage.removeItem(closedKey);
      else localStorage.setItem(closedKey, 'true');
    } catch {
      // Private windows may refuse storage: the choice still holds for this visit.
    }
  };
  return [open, set];
}

/**
 * The hideout modules of the game with the level the player has built of each, one step up or down
 * at a time (as the hideout pages of tracker sites upgrade and downgrade a station). Requirements of
 * built levels count as done on the page. Guests see the modules read-only.
 */
export function HideoutPanel({
  modules,
  builtLevels,
  loggedIn,
  onChange,
}: {
  modules: readonly THideoutModule[];
  builtLevels: ReadonlyMap<string, number>;
  loggedIn: boolean;
  onChange: (moduleId: string, level: number) => void;
}) {
  const [open, setOpen] = usePanelOpen();
  const buildable = modules
    .map((module) => ({ module, max: moduleMaxLevel(module) }))
    .filter((m) => m.max > 0);
  if (buildable.length === 0) return null;
  const total = buildable.reduce((sum, m) => sum + m.max, 0);
  const built = buildable.reduce(
    (sum, m) => sum + Math.min(builtLevelOf(builtLevels, m.module._id), m.max),
    0,
  );
  return (
    <section className={classes.hideout} aria-labelledby="hideout-heading" data-testid="hideout-panel">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={2}>
          <Title order={2} fz="h4" id="hideout-heading">
            {toolMessages.hideoutHeading}
          </Title>
          <Text size="sm" c="dimmed" data-testid="hideout-summary">
            {toolMessages.hideoutSummary(built, total)} ·{' '}
            {loggedIn ? toolMessages.hideoutLead : toolMessages.hideoutLeadGuest}
          </Text>
        </Stack>
        <Button
          className={classes.toggle}
          variant="subtle"
          size="compact-sm"
          aria-expanded={open}
          aria-controls="hideout-modules"
          onClick={() => setOpen(!open)}
          style={{ flex: 'none' }}
        >
          {open ? toolMessages.hideoutHideModules : toolMessages.hideoutShowModules}
        </Button>
      </Group>
      <ul className={classes.hideoutList} id="hideout-modules" hidden={!open}>
        {buildable.map(({ module, max }) => {
          const level = Math.min(builtLevelOf(builtLevels, module._id), max);
          const title = module.moduleTitle;
          return (
            <li
              key={module._id}
              className={classes.hideoutModule}
              data-testid="hideout-module"
              data-module-id={module._id}
              data-level={level}
            >
              <div className={classes.hideoutName}>
                <Text fw={600} size="sm" lh={1.3}>
                  {title}
                </Text>
                <Text
                  size="xs"
                  c={level >= max ? 'teal' : 'dimmed'}
                  fw={level >= max ? 600 : undefined}
                  data-testid="hideout-level"
                >
                  {level === 0 ? toolMessages.hideoutNotBuilt : toolMessages.hideoutBuiltLevel(level, max)}
                </Text>
                <Progress
                  value={(level / max) * 100}
                  color={level >= max ? 'teal' : 'blue'}
                  size="xs"
                  aria-hidden="true"
                />
              </div>
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={toolMessages.hideoutUnbuildLevel(title, Math.max(level, 1))}
                disabled={!loggedIn || level <= 0}
                onClick={() => onChange(module._id, level - 1)}
              >
                <IconMinus size={16} />
              </ActionIcon>
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={toolMessages.hideoutBuildLevel(title, Math.min(level + 1, max))}
                disabled={!loggedIn || level >= max}
                onClick={() => onChange(module._id, level + 1)}
              >
                <IconPlus size={16} />
              </ActionIcon>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
