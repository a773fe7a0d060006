import {
  Button,
  Checkbox,
  Container,
  Group,
  Radio,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconFilter, IconSearch } from '@tabler/icons-react';
import {
  builtLevelAfterToggle,
  builtLevelOf,
  itemsToKeep,
  type KeepMode,
} from '@waypoint/shared/domain/items';
import type { TGame } from '@waypoint/shared/models/types';
import { useCallback, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { useSession } from '../../../api/session.ts';
import { withMantine } from '../../../app/MantineShell.tsx';
import { usePageMeta } from '../../../components/usePageMeta.ts';
import { messages } from '../../../i18n/messages/messages.ts';
import { toolMessages } from '../../../i18n/messages/tool-messages.ts';
import { GameGate, LoginPrompt } from '../common.tsx';
import {
  useHideoutModules,
  useHideoutSave,
  useItems,
  useItemsSave,
  useQuestSave,
  useQuests,
} from '../data.ts';
import { useHideoutLevel, useItemCounter, useQuestCompletion } from '../progress.tsx';
import classes from '../tools.module.css';
import '../kit-styles.ts';
import { contentLang } from '../../../i18n/content.ts';
import { useToolLiveUpdates } from '../live-updates.ts';
import { HideoutPanel } from './HideoutPanel.tsx';
import { ItemCard } from './ItemCard.tsx';
import { ItemTable } from './ItemTable.tsx';

/** 'all': the combined quest and hideout need of each item. */
type Mode = KeepMode;

type View = 'cards' | 'table';
const viewKey = 'waypoint:itemsToKeepView';

/** Cards or the compact table, remembered in this browser. */
function useKeepView(): [View, (view: View) => void] {
  const [view, setView] = useState<View>(() => {
    try {
      return localStorage.getItem(viewKey) === 'table' ? 'table' : 'cards';
    } catch {
      return 'cards';
    }
  });
  const set = useCallback((next: View) => {
    setView(next);
    try {
      localStorage.setItem(viewKey, next);
    } catch {
      // Private windows may refuse storage: the choice still holds for this visit.
    }
  }, []);
  return [view, set];
}

function ItemsTracker({ game }: { game: TGame }) {
  const session = useSession();
  const loggedIn = Boolean(session);
  const items = useItems(game._id);
  const quests = useQuests(game._id);
  const modules = useHideoutModules(game._id);
  const questSave = useQuestSave(game._id);
  const itemsSave = useItemsSave(game._id);
  const hideoutSave = useHideoutSave(game._id);
  const counter = useItemCounter(game._id);
  const completion = useQuestCompletion(game._id, quests.data ?? []);
  const hideoutLevel = useHideoutLevel(game._id);
  const [view, setView] = useKeepView();

  const [text, setText] = useState('');
  const [mode, setMode] = useState<Mode>('quests');
  const [showCompleted, setShowCompleted] = useState(false);
  // Cards counted up to their total in this view stay until the view changes, so they do not jump
  // away under the pointer.
  const [pinned, setPinned] = useState<ReadonlySet<string>>(new Set());
  const resetPins = () => setPinned(new Set());

  const completedQuests = useMemo(
    () => new Set(questSave.data?.completedQuests ?? []),
    [questSave.data?.completedQuests],
  );
  const builtLevels = useMemo(
    () => new Map((hideoutSave.data?.builtLevels ?? []).map((b) => [b.moduleId, b.level])),
    [hideoutSave.data?.builtLevels],
  );
  const doneOptions = useMemo(() => ({ completedQuests, builtLevels }), [completedQuests, builtLevels]);
  const owned = itemsSave.data?.itemsOwned;
  const rows = useMemo(() => {
    const all = itemsToKeep(items.data ?? [], {
      mode,
      text,
      showCompleted: true,
      owned: owned ?? [],
      ...doneOptions,
    });
    return showCompleted ? all : all.filter((r) => !r.complete || pinned.has(r.item._id));
  }, [items.data, mode, text, showCompleted, owned, doneOptions, pinned]);
  const questsById = useMemo(() => new Map((quests.data ?? []).map((q) => [q._id, q])), [quests.data]);
  const modulesById = useMemo(() => new Map((modules.data ?? []).map((m) => [m._id, m])), [modules.data]);
  const stillNeeded = text === '' && !showCompleted;
  const setBuilt = (moduleId: string, level: number) => {
    if (loggedIn) hideoutLevel.mutate({ moduleId, level });
  };

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{messages.itemsToKeep}</Title>
          <Text c="dimmed">
            <span lang={contentLang}>{game.name}</span> · {toolMessages.itemsToKeepLead}
          </Text>
        </Stack>
        <div className={classes.controls}>
          <TextInput
            className={classes.filter}
            placeholder={toolMessages.questFilterPlaceholder}
            aria-label={toolMessages.filterItemsLabel}
            leftSection={<IconSearch size={16} aria-hidden="true" />}
            value={text}
            onChange={(e) => {
              setText(e.currentTarget.value);
              resetPins();
            }}
            data-testid="item-filter"
          />
          <Radio.Group
            value={mode}
            onChange={(value) => {
              setMode(value as Mode);
              resetPins();
            }}
            aria-label={toolMessages.itemsNeededFor}
          >
            <Group gap="md">
              <Radio value="quests" label={toolMessages.onlyForQuests} />
              <Radio value="hideout" label={toolMessages.onlyForHideout} />
              <Radio value="all" label={toolMessages.questsAndHideout} />
            </Group>
          </Radio.Group>
          <Checkbox
            label={toolMessages.showCompleted}
            checked={showCompleted}
            onChange={(e) => {
              setShowCompleted(e.currentTarget.checked);
              resetPins();
            }}
          />
          <Button
            variant={stillNeeded ? 'filled' : 'light'}
            leftSection={<IconFilter size={16} aria-hidden="true" />}
            aria-pressed={stillNeeded}
            onClick={() => {
              setText('');
              setShowCompleted(false);
              resetPins();
            }}
          >
            {toolMessages.showOnlyStillNeeded}
          </Button>
          <SegmentedControl
            value={view}
            onChange={(value) => setView(value as View)}
            aria-label={toolMessages.keepView}
            data={[
              { value: 'cards', label: toolMessages.keepViewCards },
              { value: 'table', label: toolMessages.keepViewTable },
            ]}
            data-testid="keep-view"
          />
          {loggedIn ? null : <LoginPrompt />}
        </div>
        {mode !== 'quests' && modules.data ? (
          <HideoutPanel
            modules={modules.data}
            builtLevels={builtLevels}
            loggedIn={loggedIn}
            onChange={setBuilt}
          />
        ) : null}
        {items.isPending ? (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={200} />
            ))}
          </SimpleGrid>
        ) : items.isError ? (
          <Text role="alert">{messages.genericError}</Text>
        ) : rows.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            {toolMessages.noItemsMatch}
          </Text>
        ) : view === 'table' ? (
          <ItemTable
            rows={rows}
            mode={mode}
            loggedIn={loggedIn}
            doneOptions={doneOptions}
            quests={questsById}
            modules={modulesById}
            onCount={(row, findOnly, delta, c) => {
              if (!loggedIn) return;
              setPinned((old) => new Set(old).add(row.item._id));
              counter.change({ itemId: row.item._id, findOnly, delta, counter: c });
            }}
          />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="keep-list">
            {rows.map((row) => (
              <ItemCard
                key={row.item._id}
                row={row}
                mode={mode}
                loggedIn={loggedIn}
                doneOptions={doneOptions}
                quests={questsById}
                modules={modulesById}
                onCount={(findOnly, delta, c) => {
                  if (!loggedIn) return;
                  setPinned((old) => new Set(old).add(row.item._id));
                  counter.change({ itemId: row.item._id, findOnly, delta, counter: c });
                }}
                onToggleQuest={(quest, done) => {
                  if (!loggedIn) return;
                  setPinned((old) => new Set(old).add(row.item._id));
                  completion.mutate({ quest, completed: done });
                }}
                onToggleBuilt={(moduleId, level, built) => {
                  if (!loggedIn) return;
                  setPinned((old) => new Set(old).add(row.item._id));
                  setBuilt(
                    moduleId,
                    builtLevelAfterToggle(builtLevelOf(builtLevels, moduleId), level, built),
                  );
                }}
              />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Container>
  );
}

/** Items To Keep /game/{gameId}/tools/tarkov-items-to-keep (SPEC §2.10). */
export function ItemsToKeepPage() {
  const { gameId = '' } = useParams();
  usePageMeta(messages.itemsToKeep);
  useToolLiveUpdates(gameId);
  return (
    <GameGate gameId={gameId} feature="tarkov-items-to-keep">
      {(game) => <ItemsTracker game={game} />}
    </GameGate>
  );
}

export const Component = withMantine(ItemsToKeepPage);
