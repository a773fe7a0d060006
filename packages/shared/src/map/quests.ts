/**
 * Quests on the map view (specification §2.7 quests panel, §4, §5): which rows the panel lists and
 * which quest markers the map draws.
 */
import { filterQuests, type QuestLike, type QuestListFilter, type QuestPlayer } from '../domain/quests.ts';

/** What the quests panel decides about quest markers. */
export interface QuestVisibility {
  /** The hide-all eye. */
  allHidden: boolean;
  /** Quests hidden one by one with their eye. */
  hidden: ReadonlySet<string>;
  /** Quests the panel lists under its filters. */
  listed: ReadonlySet<string>;
  /** Quests the map knows about; markers of other quest ids are not governed by the panel. */
  known: ReadonlySet<string>;
}

/** The quests the panel lists, in panel order (quests flagged hidden by the content are left out). */
export function listedQuests<Q extends QuestLike & { hidden?: boolean }>(
  quests: readonly Q[],
  filter: QuestListFilter,
  player: QuestPlayer,
): Q[] {
  return filterQuests(
    quests.filter((q) => !q.hidden),
    filter,
    player,
  );
}

/**
 * Whether a marker that belongs to a quest is drawn: its quest must be listed by the panel and
 * not hidden by an eye. Markers without a quest, or of a quest the map does not know, always are.
 */
export function isQuestMarkerShown(questId: string | null | undefined, v: QuestVisibility): boolean {
  if (!questId || !v.known.has(questId)) return true;
  if (v.allHidden || v.hidden.has(questId)) return false;
  return v.listed.has(questId);
}
