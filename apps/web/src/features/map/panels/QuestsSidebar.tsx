import { lazy, Suspense } from 'react';
import { mapMessages } from '../../../i18n/messages/map-messages.ts';
import { messages } from '../../../i18n/messages/messages.ts';
import { useBanned } from '../../community/standing-query.ts';
import classes from '../map.module.css';
import { useMapPage } from '../page-hooks.tsx';
import { useSetPlayerLevel, useSetQuestCompleted } from '../queries.ts';
import { Sidebar } from '../Sidebar.tsx';

// The quests panel loads beside the map's first draw, not before it.
const QuestsPanel = lazy(() => import('./QuestsPanel.tsx').then((m) => ({ default: m.QuestsPanel })));

/** The right sidebar: the map's quests, the player's level and completed quests. */
export function QuestsSidebar() {
  const { gameId, session, sidebars, suggest, quests, ...page } = useMapPage();
  const { panel } = quests;
  const setQuestCompleted = useSetQuestCompleted(session, gameId);
  const setLevel = useSetPlayerLevel(session, gameId);
  const banned = useBanned(gameId);
  const toolState = suggest.tools.state;
  return (
    <Sidebar side="right" title={mapMessages.quests} open={sidebars.right} onOpenChange={sidebars.setRight}>
      <Suspense fallback={<div className={classes.panelBody} aria-busy="true" />}>
        <QuestsPanel
          gameId={gameId}
          categoryName={page.categoryName}
          listed={panel.listed}
          byId={panel.byId}
          filter={panel.filter}
          onFilter={panel.setFilter}
          loggedIn={Boolean(session)}
          loginPath={page.loginPath}
          completed={quests.completed}
          level={quests.level}
          onLevel={(n) => setLevel.mutate(n)}
          levelError={setLevel.error ? messages.notANumber : undefined}
          onCompleted={(id, completed) => setQuestCompleted.mutate({ questId: id, completed })}
          hidden={panel.hidden}
          allHidden={panel.allHidden}
          onToggleHidden={panel.toggleHidden}
          onToggleAllHidden={panel.toggleAllHidden}
          expanded={panel.expanded}
          onToggleExpanded={panel.toggleExpanded}
          onShowMarker={page.showMarker}
          linkTarget={page.linkTarget}
          onPlaceObjective={suggest.canPlace && session && !banned ? suggest.chooseObjective : undefined}
          placingObjective={toolState.tool === 'PLACE_OBJECTIVE' ? toolState.objective : null}
        />
      </Suspense>
    </Sidebar>
  );
}
