import {
  Button,
  Checkbox,
  Container,
  Group,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconFilter, IconSearch } from '@tabler/icons-react';
import {
  compareQuests,
  completedDependents,
  defaultQuestFilter,
  filterQuests,
  isReadyToComplete,
  matchesQuestFilter,
  missingPrerequisites,
  objectivesDone,
  prerequisiteIds,
  type QuestListFilter,
  questLocations,
  questStatus,
} from '@waypoint/shared/domain/quests';
import type { TGame, TQuest, TTrader } from '@waypoint/shared/models/types';
import { Fragment, useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { thumbUrl } from '../../../api/images.ts';
import { useCategories, useGame } from '../../../api/queries.ts';
import { useSession } from '../../../api/session.ts';
import { withMantine } from '../../../app/MantineShell.tsx';
import { usePageMeta } from '../../../components/usePageMeta.ts';
import { messages } from '../../../i18n/messages/messages.ts';
import { toolMessages } from '../../../i18n/messages/tool-messages.ts';
import { PageAd } from '../../services/PageAd.tsx';
import { Avatar, GameGate, LoginPrompt } from '../common.tsx';
import { useQuestSave, useQuests, useTraders } from '../data.ts';
import { useToolLiveUpdates } from '../live-updates.ts';
import { useObjectiveTicks, useQuestCompletion } from '../progress.tsx';
import classes from '../tools.module.css';
import '../kit-styles.ts';
import { contentLang } from '../../../i18n/content.ts';
import { type ChainChange, ChainConfirm } from './ChainConfirm.tsx';
import { LevelInput } from './LevelInput.tsx';
import { QuestChainModal } from './QuestChainModal.tsx';
import { QuestDetails } from './QuestDetails.tsx';
import { StatusIcon } from './StatusIcon.tsx';

const noTicks = {};

const stillNeeded = { text: '', showCompleted: false, showFuture: false } satisfies QuestListFilter;

function isStillNeeded(f: QuestListFilter) {
  return f.text === '' && !f.showCompleted && !f.showFuture;
}

function TraderCell({ trader, id }: { trader: TTrader | undefined; id: string }) {
  const name = trader?.name ?? id;
  return (
    <Group gap={8} wrap="nowrap">
      <Avatar
        name={name}
        src={trader ? thumbUrl('trader', trader._id, 'image', '150x150', trader.images) : undefined}
      />
      <Text size="sm" lang={contentLang}>
        {name}
      </Text>
    </Group>
  );
}

function DetailsButton({ open, onClick }: { open: boolean; onClick: () => void }) {
  return (
    <Button
      className={classes.toggle}
      size="compact-sm"
      variant="subtle"
      px={4}
      onClick={onClick}
      aria-expanded={open}
    >
      {open ? toolMessages.hideDetails : toolMessages.showDetails}
    </Button>
  );
}

function QuestTracker({ game, questId }: { game: TGame; questId: string | null }) {
  const session = useSession();
  const loggedIn = Boolean(session);
  const quests = useQuests(game._id);
  const traders = useTraders(game._id);
  const categories = useCategories(game._id);
  const save = useQuestSave(game._id);
  const all = useMemo(() => (quests.data ?? []).filter((q) => !q.hidden), [quests.data]);
  const completion = useQuestCompletion(game._id, all);
  const objectiveTicks = useObjectiveTicks(game._id);
  const [chosen, setChosen] = useState<QuestListFilter | null>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set(questId ? [questId] : []));
  const [chainOf, setChainOf] = useState<string | null>(null);

  // Quests ticked in this view stay listed until the filters change, so a row does not vanish
  // under the pointer (and its Undo stays in reach).
  const [pinned, setPinned] = useState<ReadonlySet<string>>(new Set());
  const defaults = useMemo(
    () => defaultQuestFilter({ loggedIn, questId, quests: all }),
    [loggedIn, questId, all],
  );
  const filter = chosen ?? defaults;
  const setFilter = (patch: Partial<QuestListFilter>) => {
    setChosen({ ...filter, ...patch });
    setPinned(new Set());
  };
  const completed = useMemo(() => new Set(save.data?.completedQuests ?? []), [save.data?.completedQuests]);
  const level = save.data?.level;
  const ticks = save.data?.completedObjectives ?? noTicks;
  const visible = useMemo(() => {
    const player = { loggedIn, level: level ?? Number.POSITIVE_INFINITY, completed };
    const listed = filterQuests(all, filter, player);
    if (pinned.size === 0) return listed;
    const ids = new Set(listed.map((q) => q._id));
    const extra = all.filter(
      (q) =>
        pinned.has(q._id) &&
        !ids.has(q._id) &&
        matchesQuestFilter(q, filter.text) &&
        (!filter.traderId || q.traderId === filter.traderId) &&
        (!filter.location || (q.location ?? []).includes(filter.location)),
    );
    return [...listed, ...extra].sort(compareQuests);
  }, [all, filter, loggedIn, level, completed, pinned]);
  const byId = useMemo(() => new Map(all.map((q) => [q._id, q])), [all]);
  const tradersById = useMemo(() => new Map((traders.data ?? []).map((t) => [t._id, t])), [traders.data]);
  const traderChoices = useMemo(
    () =>
      [...new Set(all.map((q) => q.traderId ?? '').filter(Boolean))].map((id) => ({
        value: id,
        label: tradersById.get(id)?.name ?? id,
      })),
    [all, tradersById],
  );
  const mapChoices = useMemo(() => questLocations(all), [all]);

  const [chainChange, setChainChange] = useState<ChainChange | null>(null);
  const apply = (change: ChainChange) => {
    setPinned((old) => new Set([...old, change.quest._id, ...change.with.map((q) => q._id)]));
    completion.mutate(change);
  };
  const toggle = (quest: TQuest, done: boolean) => {
    if (!loggedIn) return;
    // A locked quest needs its prerequisites; a completed quest may be needed by completed ones.
    const chain = done
      ? missingPrerequisites(quest._id, all, completed)
      : completedDependents(quest._id, all, completed);
    if (chain.length > 0) setChainChange({ quest, with: chain, completed: done });
    else apply({ quest, with: [], completed: done });
  };
  const toggleDetails = (id: string) =>
    setExpanded((old) => {
      const next = new Set(old);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{messages.gameQuests(game.name)}</Title>
          <Text c="dimmed">{loggedIn ? toolMessages.questsLeadLoggedIn : toolMessages.questsLead}</Text>
        </Stack>

        <div className={classes.controls}>
          <TextInput
            className={classes.filter}
            placeholder={toolMessages.questFilterPlaceholder}
            aria-label={toolMessages.filterQuestsLabel}
            leftSection={<IconSearch size={16} aria-hidden="true" />}
            value={filter.text}
            onChange={(e) => setFilter({ text: e.currentTarget.value })}
            data-testid="quest-filter"
          />
          {traderChoices.length > 1 ? (
            <Select
              label={toolMessages.questTraderFilter}
              placeholder={toolMessages.allTraders}
              data={traderChoices}
              value={filter.traderId || null}
              onChange={(value) => setFilter({ traderId: value ?? '' })}
              clearable
              clearButtonProps={{ 'aria-label': toolMessages.allTraders }}
              w={180}
              data-testid="quest-trader-filter"
            />
          ) : null}
          {mapChoices.length > 1 ? (
            <Select
              label={toolMessages.questMapFilter}
              placeholder={toolMessages.allMaps}
              data={mapChoices}
              value={filter.location || null}
              onChange={(value) => setFilter({ location: value ?? '' })}
              clearable
              clearButtonProps={{ 'aria-label': toolMessages.allMaps }}
              w={180}
              data-testid="quest-map-filter"
            />
          ) : null}
          <Stack gap={6}>
            <Checkbox
              label={toolMessages.showCompleted}
              checked={filter.showCompleted}
              onChange={(e) => setFilter({ showCompleted: e.currentTarget.checked })}
            />
            <Checkbox
              label={toolMessages.showFutureQuests}
              checked={filter.showFuture}
              onChange={(e) => setFilter({ showFuture: e.currentTarget.checked })}
            />
          </Stack>
          {loggedIn ? <LevelInput gameId={game._id} level={level} /> : <LoginPrompt />}
          {loggedIn ? (
            <Button
              variant={isStillNeeded(filter) ? 'filled' : 'light'}
              leftSection={<IconFilter size={16} aria-hidden="true" />}
              onClick={() => {
                setPinned(new Set());
                setChosen(
                  isStillNeeded(filter)
                    ? { ...filter, text: '', showCompleted: true, showFuture: true }
                    : { ...filter, ...stillNeeded },
                );
              }}
              aria-pressed={isStillNeeded(filter)}
            >
              {toolMessages.showOnlyStillNeeded}
            </Button>
          ) : null}
        </div>

        {quests.isPending ? (
          <Skeleton height={360} />
        ) : quests.isError ? (
          <Text role="alert">{messages.genericError}</Text>
        ) : (
          <Table.ScrollContainer minWidth={320}>
            <Table verticalSpacing="xs" highlightOnHover data-testid="quest-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={loggedIn ? 76 : 48}>{toolMessages.questColumns.status}</Table.Th>
                  <Table.Th w={64}>{toolMessages.questColumns.level}</Table.Th>
                  <Table.Th className={classes.hideSmall}>{toolMessages.questColumns.trader}</Table.Th>
                  <Table.Th>{toolMessages.questColumns.name}</Table.Th>
                  <Table.Th w={1} className={classes.hideSmall}>
                    <VisuallyHidden>{toolMessages.questColumns.actions}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {visible.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={5}>
                      <Text c="dimmed" ta="center" py="md">
                        {toolMessages.noQuestsMatch}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ) : null}
                {visible.map((quest) => {
                  const status = questStatus(quest, completed);
                  const open = expanded.has(quest._id);
                  const trader = tradersById.get(quest.traderId ?? '');
                  const prerequisites = prerequisiteIds(quest)
                    .map((id) => byId.get(id))
                    .filter((q): q is TQuest => q !== undefined);
                  const done = loggedIn ? objectivesDone(quest, ticks, completed) : [];
                  const ticked = done.filter(Boolean).length;
                  return (
                    <Fragment key={quest._id}>
                      <Table.Tr
                        className={
                          status === 'completed'
                            ? classes.rowCompleted
                            : status === 'locked'
                              ? classes.rowLocked
                              : undefined
                        }
                        data-testid="quest-row"
                        data-quest-id={quest._id}
                        data-status={status}
                      >
                        <Table.Td>
                          <div className={classes.statusCell}>
                            <StatusIcon status={status} />
                            {loggedIn ? (
                              <Checkbox
                                checked={status === 'completed'}
                                onChange={(e) => toggle(quest, e.currentTarget.checked)}
                                aria-label={`${toolMessages.questDone}: ${quest.name}`}
                              />
                            ) : null}
                          </div>
                        </Table.Td>
                        <Table.Td>{quest.questLevel >= 0 ? quest.questLevel : '–'}</Table.Td>
                        <Table.Td className={classes.hideSmall}>
                          <TraderCell trader={trader} id={quest.traderId ?? ''} />
                        </Table.Td>
                        <Table.Td>
                          <Text className={classes.questName} size="sm" lang={contentLang}>
                            {quest.name}
                          </Text>
                          {ticked > 0 && status !== 'completed' ? (
                            <Text size="xs" c="dimmed" data-testid="objectives-progress">
                              {toolMessages.objectivesProgress(ticked, done.length)}
                            </Text>
                          ) : null}
                          <div className={classes.smallOnly}>
                            <Text size="xs" c="dimmed">
                              {trader?.name ?? quest.traderId}
                            </Text>
                            <DetailsButton open={open} onClick={() => toggleDetails(quest._id)} />
                          </div>
                        </Table.Td>
                        <Table.Td className={classes.hideSmall}>
                          <DetailsButton open={open} onClick={() => toggleDetails(quest._id)} />
                        </Table.Td>
                      </Table.Tr>
                      {open ? (
                        <Table.Tr>
                          <Table.Td colSpan={5}>
                            <QuestDetails
                              quest={quest}
                              prerequisites={prerequisites}
                              completed={status === 'completed'}
                              loggedIn={loggedIn}
                              categories={categories.data ?? []}
                              objectivesDone={done}
                              readyToComplete={loggedIn && isReadyToComplete(quest, ticks, completed)}
                              onToggle={() => toggle(quest, status !== 'completed')}
                              onTickObjective={(objective, tick) =>
                                objectiveTicks.mutate({ questId: quest._id, objective, done: tick })
                              }
                              onShowChain={() => setChainOf(quest._id)}
                            />
                          </Table.Td>
                        </Table.Tr>
                      ) : null}
                    </Fragment>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <ChainConfirm change={chainChange} onConfirm={apply} onClose={() => setChainChange(null)} />
      <QuestChainModal
        questId={chainOf}
        quests={all}
        completed={completed}
        loggedIn={loggedIn}
        onToggle={toggle}
        onClose={() => setChainOf(null)}
      />
    </Container>
  );
}

/** Quest tracker /game/{gameId}/tools/quests (SPEC §2.9). */
export function QuestsPage() {
  const { gameId = '' } = useParams();
  const [search] = useSearchParams();
  const questId = search.get('questId');
  const game = useGame(gameId);
  useToolLiveUpdates(gameId);
  return (
    <>
      <GameGate gameId={gameId} feature="quests">
        {(game) => <QuestsPageContent game={game} questId={questId} />}
      </GameGate>
      {/* SPEC §2.9: quest_bottom_center while no game is loaded; the page's own slot after. */}
      <PageAd placement={game.data ? 'page_bottom_center' : 'quest_bottom_center'} noNarrowRefresh />
    </>
  );
}

function QuestsPageContent({ game, questId }: { game: TGame; questId: string | null }) {
  usePageMeta(messages.gameQuests(game.name));
  // A new questId in the address starts the tracker over with that quest in focus.
  return <QuestTracker key={questId ?? ''} game={game} questId={questId} />;
}

export const Component = withMantine(QuestsPage);
