import type { AdditionalFeature } from '@waypoint/shared/models/enums';
import type { TCategory, TGame, TMap } from '@waypoint/shared/models/types';
import { lazy, Suspense, useMemo } from 'react';
import { Navigate, useParams } from 'react-router';
import { HttpError } from '../../api/client.ts';
import { useCategories, useGame, useMaps } from '../../api/queries.ts';
import { useSession } from '../../api/session.ts';
import { SafeHtml } from '../../components/SafeHtml.tsx';
import ui from '../../components/ui.module.css';
import { usePageMeta } from '../../components/usePageMeta.ts';
import { contentLang } from '../../i18n/content.ts';
import { messages, toolLabels } from '../../i18n/messages/messages.ts';
import { uiMessages } from '../../i18n/messages/ui-messages.ts';
import { CategoryCard } from './CategoryCard.tsx';
import { ToolCard } from './ToolCard.tsx';

// Players only, and after the page's first paint: guests never load it.
const GameProgress = lazy(() => import('./GameProgress.tsx').then((m) => ({ default: m.GameProgress })));

function plainText(html: string | undefined): string {
  if (!html) return '';
  return new DOMParser().parseFromString(html, 'text/html').body.textContent?.trim() ?? '';
}

/** Maps grouped by category, both in weight order (the API sorts them). */
function groupMaps(categories: TCategory[], maps: TMap[]) {
  const byCategory = new Map<string, TMap[]>();
  for (const map of maps) {
    const list = byCategory.get(map.categoryId ?? '') ?? [];
    list.push(map);
    byCategory.set(map.categoryId ?? '', list);
  }
  return categories.map((category) => ({ category, maps: byCategory.get(category._id) ?? [] }));
}

function GameContent({ game, categories, maps }: { game: TGame; categories: TCategory[]; maps: TMap[] }) {
  const groups = useMemo(() => groupMaps(categories, maps), [categories, maps]);
  const features = (game.additionalFeatures ?? []) as AdditionalFeature[];

  return (
    <>
      {features.length > 0 ? (
        <section aria-labelledby="tools-heading">
          <h2 className={ui.h2} id="tools-heading">
            {uiMessages.game.tools}
          </h2>
          <div className="wp-grid">
            {features.map((feature) => (
              <ToolCard
                key={feature}
                gameId={game._id}
                feature={feature}
                label={toolLabels[feature] ?? feature}
              />
            ))}
          </div>
        </section>
      ) : null}
      <section aria-labelledby="maps-heading">
        <h2 className={ui.h2} id="maps-heading">
          {uiMessages.game.maps}
        </h2>
        {groups.length === 0 ? (
          <p className={ui.dimmed}>{uiMessages.game.noMaps}</p>
        ) : (
          <div className="wp-grid">
            {groups.map(({ category, maps: list }) => (
              <CategoryCard key={category._id} category={category} maps={list} />
            ))}
          </div>
        )}
      </section>
      {game.content ? (
        <section aria-label={uiMessages.game.aboutGame}>
          <SafeHtml html={game.content} />
        </section>
      ) : null}
    </>
  );
}

/** Game page (SPEC §2.5). */
export function GamePage() {
  const { gameId = '' } = useParams();
  const session = useSession();
  const game = useGame(gameId);
  const categories = useCategories(gameId);
  const maps = useMaps(gameId);
  const description = plainText(game.data?.description);
  usePageMeta(
    game.data ? uiMessages.game.pageTitle(game.data.name) : undefined,
    game.data ? description || uiMessages.game.metaDescription(game.data.name) : undefined,
  );

  if (game.error instanceof HttpError && game.error.status === 404) {
    return <Navigate replace to={`/error?gameId=${encodeURIComponent(gameId)}`} />;
  }

  return (
    <div className={`${ui.container} ${ui.stack}`} style={{ gap: 'var(--mantine-spacing-xl)' }}>
      {/* Everything appears at once, so that nothing on screen moves while the parts arrive. */}
      {game.isError || categories.isError || maps.isError ? (
        <p className={ui.alert}>{messages.genericError}</p>
      ) : game.isPending || categories.isPending || maps.isPending ? (
        <div className={ui.stack} aria-busy="true">
          <div className={ui.skeleton} style={{ height: 40, width: '40%' }} />
          <div className={ui.skeleton} style={{ height: 20, width: '70%' }} />
          <div className="wp-grid">
            {[0, 1, 2].map((i) => (
              <div key={i} className={ui.skeleton} style={{ height: 220 }} />
            ))}
          </div>
        </div>
      ) : (
        <>
          <header className={ui.stack} style={{ gap: 'var(--mantine-spacing-xs)' }}>
            <h1 className={ui.title} lang={contentLang}>
              {game.data.name}
            </h1>
            <SafeHtml html={game.data.description} className={ui.dimmed} />
            {session ? (
              <Suspense fallback={null}>
                <GameProgress gameId={game.data._id} />
              </Suspense>
            ) : null}
          </header>
          <GameContent game={game.data} categories={categories.data} maps={maps.data} />
        </>
      )}
    </div>
  );
}

export { GamePage as Component };
