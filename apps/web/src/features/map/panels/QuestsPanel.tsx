import {
  IconChevronDown,
  IconChevronRight,
  IconExternalLink,
  IconEye,
  IconEyeOff,
  IconLock,
  IconLockOpen,
  IconPlus,
  IconSearch,
} from '@tabler/icons-react';
import {
  isQuestCompleted,
  isQuestUnlocked,
  prerequisiteIds,
  type QuestListFilter,
} from '@waypoint/shared/domain/quests';
import type { TQuest } from '@waypoint/shared/models/types';
import { Link } from 'react-router';
import controls from '../../../components/controls.module.css';
import { Button, Check, IconButton, NumberField, SearchInput } from '../../../components/controls.tsx';
import { usePlayerLevelField } from '../../../components/usePlayerLevelField.ts';
import { contentLang } from '../../../i18n/content.ts';
import { mapMessages } from '../../../i18n/messages/map-messages.ts';
import { messages } from '../../../i18n/messages/messages.ts';
import { BanNote } from '../../community/BanNote.tsx';
import { useBanned } from '../../community/standing-query.ts';
import { openSuggestModal } from '../../suggest/open.ts';
import classes from '../map.module.css';
import type { QuestWithMarkers } from '../queries.ts';

interface Props {
  gameId: string;
  categoryName: string;
  /** The quests the filters let through, in list order. */
  listed: QuestWithMarkers[];
  byId: ReadonlyMap<string, TQuest>;
  filter: QuestListFilter;
  onFilter: (filter: QuestListFilter) => void;
  loggedIn: boolean;
  loginPath: string;
  completed: ReadonlySet<string>;
  level: number | undefined;
  onLevel: (level: number) => void;
  levelError: string | undefined;
  onCompleted: (questId: string, completed: boolean) => void;
  hidden: ReadonlySet<string>;
  allHidden: boolean;
  onToggleHidden: (questId: string) => void;
  onToggleAllHidden: () => void;
  expanded: ReadonlySet<string>;
  onToggleExpanded: (questId: string) => void;
  onShowMarker: (markerId: string) => void;
  /** Links leave in a new tab (embedded map). */
  linkTarget: string | undefined;
  /** The '+' of an objective without a marker (admins, suggest mode): chooses it for the objective tool. */
  onPlaceObjective?: (questId: string, objective: string) => void;
  placingObjective?: { questId: string; objective: string } | null;
}

function LevelInput({
  level,
  onLevel,
  error,
}: {
  level: number | undefined;
  onLevel: (n: number) => void;
  error?: string;
}) {
  const field = usePlayerLevelField(level, onLevel);
  return (
    <NumberField
      label={mapMessages.playerLevel}
      value={field.value}
      error={field.error ?? error}
      onChange={(e) => field.onChange(e.currentTarget.value)}
      onBlur={field.onBlur}
      onKeyDown={(e) => {
        if (e.key === 'Enter') field.onBlur();
      }}
    />
  );
}

/** The quests panel: quests of the map's category with filters, completion and objective links. */
export function QuestsPanel(p: Props) {
  const { filter } = p;
  const banned = useBanned(p.gameId);
  const helpLink = (q: TQuest) => q.wikiLink || `/game/${encodeURIComponent(p.gameId)}/tools/quests`;
  return (
    <div className={classes.panelBody}>
      <div className={classes.panelTitleRow}>
        <h2 className={classes.panelTitle}>{messages.gameQuests(p.categoryName)}</h2>
        <IconButton
          onClick={p.onToggleAllHidden}
          label={p.allHidden ? mapMessages.showAllQuests : mapMessages.hideAllQuests}
          aria-pressed={p.allHidden}
        >
          {p.allHidden ? <IconEyeOff size={18} /> : <IconEye size={18} />}
        </IconButton>
      </div>
      <SearchInput
        placeholder={mapMessages.filterQuests}
        aria-label={mapMessages.filterQuests}
        icon={<IconSearch size={14} />}
        value={filter.text}
        onChange={(e) => p.onFilter({ ...filter, text: e.currentTarget.value })}
      />
      <div className={classes.panelActions}>
        <Check
          label={mapMessages.showCompleted}
          checked={filter.showCompleted}
          onChange={(e) => p.onFilter({ ...filter, showCompleted: e.currentTarget.checked })}
        />
        <Check
          label={mapMessages.showFutureQuests}
          checked={filter.showFuture}
          onChange={(e) => p.onFilter({ ...filter, showFuture: e.currentTarget.checked })}
        />
      </div>
      {p.loggedIn ? (
        <LevelInput level={p.level} onLevel={p.onLevel} error={p.levelError} />
      ) : (
        <Link to={p.loginPath} className={classes.link} target={p.linkTarget}>
          {messages.loginToTrack}
        </Link>
      )}
      {p.listed.length === 0 ? <div className={classes.dimmed}>{mapMessages.noQuests}</div> : null}
      <ul className={classes.questList}>
        {p.listed.map(({ quest, markers }) => {
          const done = isQuestCompleted(quest, p.completed);
          const unlocked = isQuestUnlocked(quest, p.completed);
          const open = p.expanded.has(quest._id);
          const hidden = p.allHidden || p.hidden.has(quest._id);
          const prerequisites = prerequisiteIds(quest)
            .map((id) => p.byId.get(id))
            .filter((q) => q !== undefined);
          const markerOf = (objective: string) => markers.find((m) => m.questObjective === objective);
          return (
            <li key={quest._id} className={classes.quest} data-testid={`quest-${quest._id}`}>
              <div className={classes.questRow}>
                <button
                  type="button"
                  className={classes.questToggle}
                  aria-expanded={open}
                  onClick={() => p.onToggleExpanded(quest._id)}
                >
                  {open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
                  {unlocked ? (
                    <IconLockOpen size={15} aria-label={mapMessages.unlocked} className={classes.unlocked} />
                  ) : (
                    <IconLock size={15} aria-label={mapMessages.locked} className={classes.locked} />
                  )}
                  <span className={classes.questLevel}>{quest.questLevel >= 0 ? quest.questLevel : '–'}</span>
                  <span className={classes.questName} data-done={done || undefined} lang={contentLang}>
                    {quest.name}
                  </span>
                </button>
                {p.loggedIn ? (
                  <Check
                    hiddenLabel
                    label={mapMessages.questCompleted(quest.name)}
                    checked={done}
                    onChange={(e) => p.onCompleted(quest._id, e.currentTarget.checked)}
                  />
                ) : null}
                <IconButton
                  onClick={() => p.onToggleHidden(quest._id)}
                  label={hidden ? mapMessages.showQuest(quest.name) : mapMessages.hideQuest(quest.name)}
                  aria-pressed={hidden}
                >
                  {hidden ? <IconEyeOff size={15} /> : <IconEye size={15} />}
                </IconButton>
                <a
                  className={controls.iconButton}
                  href={helpLink(quest)}
                  target="_blank"
                  rel="noopener"
                  aria-label={mapMessages.questHelpNewTab(quest.name)}
                  title={mapMessages.questHelp(quest.name)}
                >
                  <IconExternalLink size={15} />
                </a>
              </div>
              {open ? (
                <div className={classes.questDetails}>
                  {prerequisites.map((previous) => (
                    <div key={previous._id} className={classes.questPrevious}>
                      <span className={classes.dimmed}>{mapMessages.requires}</span>{' '}
                      <span lang={contentLang}>{previous.name}</span>
                      {p.loggedIn ? (
                        <Check
                          hiddenLabel
                          label={mapMessages.questCompleted(previous.name)}
                          checked={p.completed.has(previous._id)}
                          onChange={(e) => p.onCompleted(previous._id, e.currentTarget.checked)}
                        />
                      ) : null}
                    </div>
                  ))}
                  <ul className={classes.objectives}>
                    {(quest.objectives ?? []).map((objective) => {
                      const marker = markerOf(objective);
                      return (
                        <li key={objective}>
                          {marker ? (
                            <button
                              type="button"
                              className={classes.linkButton}
                              onClick={() => p.onShowMarker(marker._id)}
                            >
                              {objective}
                            </button>
                          ) : (
                            objective
                          )}
                          {!marker && p.onPlaceObjective ? (
                            <IconButton
                              label={mapMessages.placeObjective(objective)}
                              aria-pressed={
                                p.placingObjective?.questId === quest._id &&
                                p.placingObjective.objective === objective
                              }
                              className={classes.placeButton}
                              onClick={() => p.onPlaceObjective?.(quest._id, objective)}
                            >
                              <IconPlus size={14} />
                            </IconButton>
                          ) : null}
                        </li>
                      );
                    })}
                  </ul>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      {banned ? (
        <BanNote gameId={p.gameId} />
      ) : (
        <Button variant="light" onClick={() => openSuggestModal({ type: 'QUEST', gameId: p.gameId })}>
          {mapMessages.suggestNewQuest}
        </Button>
      )}
    </div>
  );
}
