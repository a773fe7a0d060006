/**
 * Quest rules (specification §4 and §5): unlocking, the text filter, the completed and future
 * filters, the default filter flags and quest chains.
 *
 * Definitions used throughout:
 * - A quest is **completed** when its id is in the player's completed list for that game.
 * - A quest is **unlocked** when it has no previous quest or its previous quest is completed;
 *   otherwise it is **locked**. Locked quests stay in the list (with a lock icon).
 * - A quest is a **future** quest for a logged-in player when its questLevel exceeds the player
 *   level. A quest without a level (questLevel -1 or below) is never a future quest. Guests have no
 *   player level, so no quest is a future quest for a guest.
 * - A logged-in player may **tick** each objective of a quest on its own (stored by the objective's
 *   index in the quest's list). Completing a quest ticks nothing: a completed quest shows all its
 *   objectives done, and un-completing it shows the player's own ticks again. Ticking the last
 *   objective does not complete the quest; the tracker offers to (the quest may still have to be
 *   handed in, and completing unlocks its followers).
 */
import { constants } from '../constants.ts';

/** The part of a quest these rules need. */
export interface QuestLike {
  _id: string;
  name: string;
  questLevel: number;
  previous?: string | null;
  traderId?: string | null;
  /** Objective and reward texts: the items a quest asks for or gives are named in them. */
  objectives?: readonly string[];
  rewards?: readonly string[];
  /** The maps (regions) where the quest takes place. */
  location?: readonly string[];
}

export type QuestStatus = 'completed' | 'unlocked' | 'locked';

/** A set or a list of completed quest ids. */
export type CompletedQuests = ReadonlySet<string> | readonly string[];

function toSet(completed: CompletedQuests): ReadonlySet<string> {
  return completed instanceof Set ? completed : new Set(completed as readonly string[]);
}

/** The id of the quest that must be completed first, or undefined when there is none. */
export function previousQuestId(quest: Pick<QuestLike, 'previous'>): string | undefined {
  const previous = quest.previous?.trim();
  return previous ? previous : undefined;
}

/** Unlocked: no previous quest, or the previous quest is completed. */
export function isQuestUnlocked(quest: Pick<QuestLike, 'previous'>, completed: CompletedQuests): boolean {
  const previous = previousQuestId(quest);
  return previous === undefined || toSet(completed).has(previous);
}

export function isQuestCompleted(quest: Pick<QuestLike, '_id'>, completed: CompletedQuests): boolean {
  return toSet(completed).has(quest._id);
}

export function questStatus(quest: QuestLike, completed: CompletedQuests): QuestStatus {
  const set = toSet(completed);
  if (set.has(quest._id)) return 'completed';
  return isQuestUnlocked(quest, set) ? 'unlocked' : 'locked';
}

/** A future quest: its level is above the player level (never for a quest without a level). */
export function isFutureQuest(quest: Pick<QuestLike, 'questLevel'>, playerLevel: number): boolean {
  return quest.questLevel >= 0 && quest.questLevel > playerLevel;
}

/** The quest filter applies only when the text is longer than 2 characters (spaces around ignored). */
export function isQuestFilterActive(text: string): boolean {
  return text.trim().length > constants.questFilterMinExclusive;
}

/**
 * Case-insensitive substring match on the quest's name and on its objectives and rewards, where the
 * items it asks for and gives are named (the box's placeholder is 'Item name'); every quest matches
 * while the filter is not active.
 */
export function matchesQuestFilter(
  quest: Pick<QuestLike, 'name' | 'objectives' | 'rewards'>,
  text: string,
): boolean {
  if (!isQuestFilterActive(text)) return true;
  const needle = text.trim().toLocaleLowerCase();
  const has = (value: string) => value.toLocaleLowerCase().includes(needle);
  return has(quest.name) || (quest.objectives ?? []).some(has) || (quest.rewards ?? []).some(has);
}

export interface QuestListFilter {
  text: string;
  showCompleted: boolean;
  showFuture: boolean;
  /** Only this trader's quests (empty or absent: all). */
  traderId?: string;
  /** Only quests on this map (one of their locations; empty or absent: all). */
  location?: string;
}

/** The maps quests take place on, in first-seen order: the choices of the map filter. */
export function questLocations(quests: readonly Pick<QuestLike, 'location'>[]): string[] {
  return [...new Set(quests.flatMap((q) => q.location ?? []))];
}

export interface QuestPlayer {
  loggedIn: boolean;
  /** The player level; only used for logged-in players. */
  level: number;
  completed: CompletedQuests;
}

/** Whether a quest is listed under the given filter for the given player. */
export function isQuestVisible(quest: QuestLike, filter: QuestListFilter, player: QuestPlayer): boolean {
  if (!matchesQuestFilter(quest, filter.text)) return false;
  if (filter.traderId && quest.traderId !== filter.traderId) return false;
  if (filter.location && !(quest.location ?? []).includes(filter.location)) return false;
  if (!filter.showCompleted && isQuestCompleted(quest, player.completed)) return false;
  if (!filter.showFuture && player.loggedIn && isFutureQuest(quest, player.level)) return false;
  return true;
}

/** Quest order of the lists: by level ascending, then by name. */
export function compareQuests(a: QuestLike, b: QuestLike): number {
  return a.questLevel - b.questLevel || a.name.localeCompare(b.name) || a._id.localeCompare(b._id);
}

/** The listed quests, sorted by level then name. */
export function filterQuests<Q extends QuestLike>(
  quests: readonly Q[],
  filter: QuestListFilter,
  player: QuestPlayer,
): Q[] {
  const completed = toSet(player.completed);
  const withSet = { ...player, completed };
  return quests.filter((q) => isQuestVisible(q, filter, withSet)).sort(compareQuests);
}

/**
 * Filter flags a quest list starts with. Logged-in players start with completed and future quests
 * hidden, unless the page was opened with the id of an existing quest: then both are shown and the
 * text filter holds that quest's name. Guests see both.
 */
export function defaultQuestFilter(options: {
  loggedIn: boolean;
  questId?: string | null;
  quests: readonly Pick<QuestLike, '_id' | 'name'>[];
}): QuestListFilter {
  const target = options.questId ? options.quests.find((q) => q._id === options.questId) : undefined;
  if (target) return { text: target.name, showCompleted: true, showFuture: true };
  if (!options.loggedIn) return { text: '', showCompleted: true, showFuture: true };
  return { text: '', showCompleted: false, showFuture: false };
}

/** Quests whose previous quest is the given one. */
export function questFollowers<Q extends QuestLike>(questId: string, quests: readonly Q[]): Q[] {
  return quests.filter((q) => previousQuestId(q) === questId).sort(compareQuests);
}

/**
 * Quests that become unlocked when the given quest is completed: its followers that are not
 * completed yet.
 */
export function questsUnlockedBy<Q extends QuestLike>(
  questId: string,
  quests: readonly Q[],
  completed: CompletedQuests,
): Q[] {
  const set = toSet(completed);
  return questFollowers(questId, quests).filter((q) => !set.has(q._id));
}

/**
 * The prerequisites of a quest, nearest first (its previous quest, then that one's previous, …).
 * Stops at a missing quest or at a loop.
 */
export function questAncestors<Q extends QuestLike>(questId: string, quests: readonly Q[]): Q[] {
  const byId = new Map(quests.map((q) => [q._id, q]));
  const seen = new Set<string>([questId]);
  const out: Q[] = [];
  let current = byId.get(questId);
  while (current) {
    const previous = previousQuestId(current);
    if (previous === undefined || seen.has(previous)) break;
    seen.add(previous);
    current = byId.get(previous);
    if (current) out.push(current);
  }
  return out;
}

/**
 * The prerequisites of a quest that are not completed yet, first to do first: completing a locked
 * quest completes these too, so the chain stays consistent.
 */
export function missingPrerequisites<Q extends QuestLike>(
  questId: string,
  quests: readonly Q[],
  completed: CompletedQuests,
): Q[] {
  const set = toSet(completed);
  return questAncestors(questId, quests)
    .filter((q) => !set.has(q._id))
    .reverse();
}

/**
 * The completed quests that depend on a quest (its followers, theirs, …), nearest first:
 * un-completing the quest un-completes these too.
 */
export function completedDependents<Q extends QuestLike>(
  questId: string,
  quests: readonly Q[],
  completed: CompletedQuests,
): Q[] {
  const set = toSet(completed);
  const out: Q[] = [];
  const seen = new Set<string>([questId]);
  let frontier = [questId];
  while (frontier.length > 0) {
    const next: string[] = [];
    for (const id of frontier) {
      for (const follower of questFollowers(id, quests)) {
        if (seen.has(follower._id)) continue;
        seen.add(follower._id);
        next.push(follower._id);
        if (set.has(follower._id)) out.push(follower);
      }
    }
    frontier = next;
  }
  return out;
}

export interface QuestChainNode<Q extends QuestLike = QuestLike> {
  quest: Q;
  /** Distance from the first quest of the chain (0 for the first). */
  depth: number;
  status: QuestStatus;
  /** The quest the chain was asked for. */
  focus: boolean;
  /** A prerequisite (direct or indirect) of the focused quest. */
  prerequisite: boolean;
  /** A quest that needs the focused quest (direct or indirect). */
  follower: boolean;
}

export interface QuestChain<Q extends QuestLike = QuestLike> {
  /** The first quest of the chain. */
  rootId: string;
  /** Breadth first from the root, then by level and name within a depth. */
  nodes: QuestChainNode<Q>[];
  /** previous → follower */
  edges: { from: string; to: string }[];
  /** Previous-quest links that form a loop were found and cut. */
  cycle: boolean;
  /** Number of completed quests in the chain. */
  completedCount: number;
}

/**
 * The whole chain a quest belongs to: from the first quest of the chain (found by following the
 * previous links) through every follower, at any depth. Loops in the data are detected and cut,
 * never followed twice.
 */
export function questChain<Q extends QuestLike>(
  questId: string,
  quests: readonly Q[],
  completed: CompletedQuests,
): QuestChain<Q> | undefined {
  const byId = new Map(quests.map((q) => [q._id, q]));
  const focus = byId.get(questId);
  if (!focus) return undefined;
  const set = toSet(completed);

  // Walk up to the first quest of the chain.
  let cycle = false;
  const up = new Set<string>([focus._id]);
  let root = focus;
  for (;;) {
    const previous = previousQuestId(root);
    if (previous === undefined) break;
    if (up.has(previous)) {
      cycle = true;
      break;
    }
    const parent = byId.get(previous);
    if (!parent) break;
    up.add(previous);
    root = parent;
  }

  const followersOf = new Map<string, Q[]>();
  for (const q of quests) {
    const previous = previousQuestId(q);
    if (previous === undefined) continue;
    const list = followersOf.get(previous);
    if (list) list.push(q);
    else followersOf.set(previous, [q]);
  }

  const ancestors = new Set(questAncestors(focus._id, quests).map((q) => q._id));
  const descendants = new Set<string>();
  const stack = [focus._id];
  while (stack.length > 0) {
    const id = stack.pop()!;
    for (const f of followersOf.get(id) ?? []) {
      if (f._id === focus._id || descendants.has(f._id)) continue;
      descendants.add(f._id);
      stack.push(f._id);
    }
  }

  const nodes: QuestChainNode<Q>[] = [];
  const edges: { from: string; to: string }[] = [];
  const visited = new Set<string>([root._id]);
  let level: Q[] = [root];
  let depth = 0;
  while (level.length > 0) {
    const next: Q[] = [];
    for (const q of [...level].sort(compareQuests)) {
      nodes.push({
        quest: q,
        depth,
        status: questStatus(q, set),
        focus: q._id === focus._id,
        prerequisite: ancestors.has(q._id),
        follower: descendants.has(q._id),
      });
      for (const f of (followersOf.get(q._id) ?? []).sort(compareQuests)) {
        if (visited.has(f._id)) {
          cycle = true;
          continue;
        }
        visited.add(f._id);
        edges.push({ from: q._id, to: f._id });
        next.push(f);
      }
    }
    level = next;
    depth += 1;
  }

  return {
    rootId: root._id,
    nodes,
    edges,
    cycle,
    completedCount: nodes.filter((n) => n.status === 'completed').length,
  };
}

/** A player's ticked objectives in one game: quest id → indexes of its ticked objectives. */
export type ObjectiveTicks = Readonly<Record<string, readonly number[]>>;

type ObjectivesOf = Pick<QuestLike, '_id' | 'objectives'>;

/**
 * Which objectives of a quest show as done, one flag per objective: all of them when the quest is
 * completed, else the ticked ones (ticks past the end of a list that became shorter are ignored).
 */
export function objectivesDone(
  quest: ObjectivesOf,
  ticks: ObjectiveTicks,
  completed: CompletedQuests,
): boolean[] {
  const count = quest.objectives?.length ?? 0;
  if (isQuestCompleted(quest, completed)) return Array.from({ length: count }, () => true);
  const ticked = new Set(Object.hasOwn(ticks, quest._id) ? ticks[quest._id] : []);
  return Array.from({ length: count }, (_, i) => ticked.has(i));
}

/**
 * A quest that is not completed but whose every objective is ticked: the tracker offers to complete
 * it rather than completing it on its own.
 */
export function isReadyToComplete(
  quest: ObjectivesOf,
  ticks: ObjectiveTicks,
  completed: CompletedQuests,
): boolean {
  if (isQuestCompleted(quest, completed)) return false;
  const done = objectivesDone(quest, ticks, completed);
  return done.length > 0 && done.every(Boolean);
}

/** The ticks after one objective of a quest is ticked or unticked (indexes ascending, no repeats). */
export function withObjectiveTick(
  ticks: ObjectiveTicks,
  questId: string,
  objective: number,
  done: boolean,
): Record<string, number[]> {
  const next = new Map(Object.entries(ticks).map(([id, list]) => [id, [...list]]));
  const set = new Set(next.get(questId) ?? []);
  if (done) set.add(objective);
  else set.delete(objective);
  if (set.size === 0) next.delete(questId);
  else
    next.set(
      questId,
      [...set].sort((a, b) => a - b),
    );
  return Object.fromEntries(next);
}

/** The highest player level a player can set. */
export const maxPlayerLevel = 1000;

/**
 * A player level as typed (SPEC §5: numeric, else 'Is not a number'): a whole number from 0 to
 * `maxPlayerLevel`. Letters are never dropped silently: the text is refused as a whole.
 */
export function parsePlayerLevel(
  text: string,
): { ok: true; level: number } | { ok: false; reason: 'notANumber' | 'range' } {
  const trimmed = text.trim();
  if (!/^-?\d+$/.test(trimmed)) return { ok: false, reason: 'notANumber' };
  const level = Number(trimmed);
  if (level < 0 || level > maxPlayerLevel) return { ok: false, reason: 'range' };
  return { ok: true, level };
}
