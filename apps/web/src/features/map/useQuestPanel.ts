import { defaultQuestFilter, type QuestListFilter } from '@waypoint/shared/domain/quests';
import { listedQuests } from '@waypoint/shared/map/quests';
import type { TQuest } from '@waypoint/shared/models/types';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { QuestWithMarkers } from './queries.ts';

const toggled = (set: ReadonlySet<string>, id: string) => {
  const next = new Set(set);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
};

/**
 * The quests panel's state: filters (defaults of specification §4, or the `questId` deep link),
 * the eyes, expanded rows, and the quests listed under the filters.
 */
export function useQuestPanel(options: {
  quests: QuestWithMarkers[] | undefined;
  loggedIn: boolean;
  playerReady: boolean;
  level: number;
  completed: ReadonlySet<string>;
  questId: string | null;
}) {
  const { quests, loggedIn, level, completed, questId, playerReady } = options;
  const [filter, setFilter] = useState<QuestListFilter>({ text: '', showCompleted: true, showFuture: true });
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [allHidden, setAllHidden] = useState(false);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const initialised = useRef(false);

  useEffect(() => {
    if (!quests || initialised.current || (loggedIn && !playerReady)) return;
    initialised.current = true;
    const list = quests.map((q) => q.quest);
    setFilter(defaultQuestFilter({ loggedIn, questId, quests: list }));
    if (questId && list.some((q) => q._id === questId)) setExpanded(new Set([questId]));
    // All quests are visible again when quests load.
    setHidden(new Set());
    setAllHidden(false);
  }, [quests, loggedIn, playerReady, questId]);

  const byId = useMemo(
    () => new Map<string, TQuest>((quests ?? []).map((q) => [q.quest._id, q.quest])),
    [quests],
  );
  const listed = useMemo(() => {
    if (!quests) return [];
    const order = listedQuests(
      quests.map((q) => q.quest),
      filter,
      { loggedIn, level, completed },
    );
    const entry = new Map(quests.map((q) => [q.quest._id, q]));
    return order.map((q) => entry.get(q._id)!);
  }, [quests, filter, loggedIn, level, completed]);

  return {
    filter,
    setFilter,
    hidden,
    allHidden,
    expanded,
    byId,
    listed,
    toggleHidden: useCallback((id: string) => setHidden((h) => toggled(h, id)), []),
    toggleAllHidden: useCallback(() => setAllHidden((a) => !a), []),
    toggleExpanded: useCallback((id: string) => setExpanded((e) => toggled(e, id)), []),
  };
}
