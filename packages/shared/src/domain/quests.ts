/**
 * Quest rules (specification §4 and §5): unlocking, the text filter, the completed and future
 * filters, the default filter flags and quest chains.
 *
 * Definitions used throughout:
 * - A quest is **completed** when its id is in the player's completed list for that game.
 * - A quest's **prerequisites** are the earlier quests it requires (`requires`, whose first is its
 *   `previous` quest). It is **unlocked** when every prerequisite is completed (or it has none);
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
  /** Every quest that must be completed first; the first is `previous`. */
  requires?: readonly string[] | null;
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

type Prerequisites = Pick<QuestLike, 'previous' | 'requires'>;

/**
 * The ids of every quest that must be completed first, `previous` first, without repeats (a record
 * written before quests had several prerequisites has only `previous`).
 */
export function prerequisiteIds(quest: Prerequisites): string[] {
  const ids = [previousQuestId(quest), ...(quest.requires ?? []).map((id) => id.trim())];
  return [...new Set(ids.filter((id): id is string => Boolean(id)))];
}

/** Unlocked: every prerequisite is completed (or there is none). */
export function isQuestUnlocked(quest: Prerequisites, completed: CompletedQuests): boolean {
  const set = toSet(completed);
  return prerequisiteIds(quest).every((id) => set.has(id));
}

/**
 * Keeps a quest's `previous` and `requires` saying one thing on every write: `previous` is the first
 * of `requires`. A write naming `requires` decides both; one naming only `previous` (the SPEC's
 * API) replaces the first prerequisite and keeps the others, and an empty `previous` means the quest
 * needs no earlier quest at all. `given`: the fields an update names (absent on create, where a
 * non-empty `requires` decides).
 */
export function syncQuestPrerequisites(
  record: Record<string, unknown>,
  given?: ReadonlySet<string>,
): { previous?: string; requires?: string[] } {
  const requires = [
    ...new Set((Array.isArray(record.requires) ? record.requires : []).filter((v) => typeof v === 'string')),
  ] as string[];
  const previous = typeof record.previous === 'string' ? record.previous : '';
  if (given && !given.has('requires') && !given.has('previous')) return {};
  if (given ? given.has('requires') : requires.length > 0) return { previous: requires[0] ?? '', requires };
  return {
    previous,
    requires: previous ? [previous, ...requires.slice(1).filter((id) => id !== previous)] : [],
  };
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

/** Quests that require the given one. */
export function questFollowers<Q extends QuestLike>(questId: string, quests: readonly Q[]): Q[] {
  return quests.filter((q) => prerequisiteIds(q).includes(questId)).sort(compareQuests);
}

/**
 * Quests that become unlocked when the given quest is completed (`completed` holding it): its
 * followers that are not completed yet and whose other prerequisites are all completed too.
 */
export function questsUnlockedBy<Q extends QuestLike>(
  questId: string,
  quests: readonly Q[],
  completed: CompletedQuests,
): Q[] {
  const set = new Set(toSet(completed)).add(questId);
  return questFollowers(questId, quests).filter((q) => !set.has(q._id) && isQuestUnlocked(q, set));
}

/**
 * Every prerequisite of a quest, direct or indirect, nearest first (breadth first over all its
 * required quests). Missing quests are skipped and loops never followed twice.
 */
export function questAncestors<Q extends QuestLike>(questId: string, quests: readonly Q[]): Q[] {
  const byId = new Map(quests.map((q) => [q._id, q]));
  const seen = new Set<string>([questId]);
  const out: Q[] = [];
  let frontier = [byId.get(questId)].filter((q): q is Q => q !== undefined);
  while (frontier.length > 0) {
    const next: Q[] = [];
    for (const quest of frontier) {
      for (const id of prerequisiteIds(quest)) {
        const found = byId.get(id);
        if (seen.has(id) || !found) continue;
        seen.add(id);
        out.push(found);
        next.push(found);
      }
    }
    frontier = next;
  }
  return out;
}

/**
 * The prerequisites of a quest that are not completed yet, each after its own prerequisites:
 * completing a locked quest completes these too, so the chain stays consistent.
 */
export function missingPrerequisites<Q extends QuestLike>(
  questId: string,
  quests: readonly Q[],
  completed: CompletedQuests,
): Q[] {
  const set = toSet(completed);
  const byId = new Map(quests.map((q) => [q._id, q]));
  const missing = new Set(
    questAncestors(questId, quests)
      .filter((q) => !set.has(q._id))
      .map((q) => q._id),
  );
  const out: Q[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const place = (id: string) => {
    if (placed.has(id) || visiting.has(id) || !missing.has(id)) return;
    visiting.add(id);
    for (const before of prerequisiteIds(byId.get(id)!)) place(before);
    placed.add(id);
    out.push(byId.get(id)!);
  };
  for (const id of missing) place(id);
  return out;
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
  /** Steps from the first quest of its branch (0 for a first quest). */
  depth: number;
  status: QuestStatus;
  /** The quest the chain was asked for. */
  focus: boolean;
  /** A prerequisite (direct or indirect) of the focused quest. */
  prerequisite: boolean;
  /** A quest that needs the focused quest (direct or indirect). */
  follower: boolean;
  /** Its prerequisites other than the quest it is shown under (in the chain or not), in its order. */
  alsoRequires: string[];
}

export interface QuestChain<Q extends QuestLike = QuestLike> {
  /** The first quest of the chain (the first of `rootIds`). */
  rootId: string;
  /** The quests of the chain that need no earlier quest of it, by level and name. */
  rootIds: string[];
  /** Breadth first from the roots, then by level and name within a depth. */
  nodes: QuestChainNode<Q>[];
  /**
   * prerequisite → follower, one per quest: a quest with several prerequisites is shown once,
   * under the first of them reached, and names the others in `alsoRequires`.
   */
  edges: { from: string; to: string }[];
  /** Prerequisite links that form a loop were found and cut. */
  cycle: boolean;
  /** Number of completed quests in the chain. */
  completedCount: number;
}

/**
 * The whole chain a quest belongs to: from the first quests of the chain (found by following every
 * prerequisite up) through every follower, at any depth. Loops in the data are detected and cut,
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

  const followersOf = new Map<string, Q[]>();
  for (const q of quests) {
    for (const id of prerequisiteIds(q)) {
      const list = followersOf.get(id);
      if (list) list.push(q);
      else followersOf.set(id, [q]);
    }
  }
  const followers = (id: string) => [...(followersOf.get(id) ?? [])].sort(compareQuests);

  const ancestorList = questAncestors(focus._id, quests);
  const ancestors = new Set(ancestorList.map((q) => q._id));
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

  // First quests: those above (or the focus) needing no existing quest; members of a loop with no
  // such quest above them start a branch of their own so that they still show.
  const up = [focus, ...ancestorList];
  const starts = [
    ...up.filter((q) => prerequisiteIds(q).every((id) => !byId.has(id))).sort(compareQuests),
    ...up,
  ];

  const nodes: QuestChainNode<Q>[] = [];
  const edges: { from: string; to: string }[] = [];
  const visited = new Set<string>();
  const parentOf = new Map<string, string>();
  const rootIds: string[] = [];
  for (const start of starts) {
    if (visited.has(start._id)) continue;
    visited.add(start._id);
    rootIds.push(start._id);
    let level: Q[] = [start];
    let depth = 0;
    while (level.length > 0) {
      const next: Q[] = [];
      for (const q of [...level].sort(compareQuests)) {
        const shownUnder = parentOf.get(q._id);
        nodes.push({
          quest: q,
          depth,
          status: questStatus(q, set),
          focus: q._id === focus._id,
          prerequisite: ancestors.has(q._id),
          follower: descendants.has(q._id),
          alsoRequires: prerequisiteIds(q).filter((id) => id !== shownUnder),
        });
        for (const f of followers(q._id)) {
          if (visited.has(f._id)) continue;
          visited.add(f._id);
          parentOf.set(f._id, q._id);
          edges.push({ from: q._id, to: f._id });
          next.push(f);
        }
      }
      level = next;
      depth += 1;
    }
  }

  return {
    rootId: rootIds[0]!,
    rootIds,
    nodes,
    edges,
    cycle: hasLoop(
      nodes.map((n) => n.quest),
      followers,
    ),
    completedCount: nodes.filter((n) => n.status === 'completed').length,
  };
}

/** Whether the prerequisite links among the given quests form a loop. */
function hasLoop<Q extends QuestLike>(quests: readonly Q[], followers: (id: string) => Q[]): boolean {
  const inChain = new Set(quests.map((q) => q._id));
  const state = new Map<string, 'open' | 'done'>();
  const visit = (id: string): boolean => {
    state.set(id, 'open');
    for (const f of followers(id)) {
      if (!inChain.has(f._id)) continue;
      const seen = state.get(f._id);
      if (seen === 'open') return true;
      if (seen === undefined && visit(f._id)) return true;
    }
    state.set(id, 'done');
    return false;
  };
  return quests.some((q) => !state.has(q._id) && visit(q._id));
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
