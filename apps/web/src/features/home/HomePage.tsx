import { IconSearch } from '@tabler/icons-react';
import type { TGame } from '@waypoint/shared/models/types';
import { lazy, Suspense, useDeferredValue, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { imageUrl, thumbUrl } from '../../api/images.ts';
import { useGames } from '../../api/queries.ts';
import { useSession } from '../../api/session.ts';
import { config } from '../../app/config.ts';
import { ColorSchemeToggle } from '../../components/ColorSchemeToggle.tsx';
import { ContrastToggle } from '../../components/ContrastToggle.tsx';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';
import { Thumbnail } from '../../components/Thumbnail.tsx';
import ui from '../../components/ui.module.css';
import { usePageMeta } from '../../components/usePageMeta.ts';
import { contentLang } from '../../i18n/content.ts';
import { messages } from '../../i18n/messages/messages.ts';
import { uiMessages } from '../../i18n/messages/ui-messages.ts';
import classes from './HomePage.module.css';

/** Games whose name contains the text, ignoring case (SPEC §2.3). */
export function filterGames(games: TGame[], text: string): TGame[] {
  const needle = text.trim().toLocaleLowerCase();
  if (!needle) return games;
  return games.filter((g) => g.name.toLocaleLowerCase().includes(needle));
}

function GameCard({ game, eager }: { game: TGame; eager: boolean }) {
  return (
    <Link to={`/game/${encodeURIComponent(game._id)}`} className={ui.card} data-testid="game-card">
      <Thumbnail
        sources={[
          imageUrl('game', game._id, 'image', game.images),
          thumbUrl('game', game._id, 'image', 'h128', game.images),
        ]}
        alt=""
        aspectRatio="16 / 9"
        loading={eager ? 'eager' : 'lazy'}
      />
      <div className={ui.cardBody}>
        <h2 className={ui.h3} lang={contentLang}>
          {game.name}
        </h2>
      </div>
    </Link>
  );
}

/** The notification bell: its code loads for logged-in users only, as on the bar. */
const Bell = lazy(() => import('../../app/nav/NavBar.tsx').then((m) => ({ default: m.AccountBell })));
const StandingGate = lazy(() => import('../community/StandingGates.tsx'));

function TopLinks() {
  const session = useSession();
  const navigate = useNavigate();
  return (
    <nav aria-label={uiMessages.nav.account} className={`${ui.row} ${classes.topLinks}`}>
      {session ? (
        <Suspense>
          <Bell />
        </Suspense>
      ) : null}
      {/* Moderators' way in to the review; admins find it in the admin panel (the row keeps to one line). */}
      {session && !session.admin ? (
        <Suspense>
          <StandingGate>
            <Link to="/suggestion-review" className={ui.link}>
              {uiMessages.nav.review}
            </Link>
          </StandingGate>
        </Suspense>
      ) : null}
      {session?.admin ? (
        <Link to="/admin" className={ui.link}>
          {uiMessages.nav.admin}
        </Link>
      ) : null}
      {session ? (
        <>
          <Link to="/profile" className={ui.link}>
            {uiMessages.nav.profile}
          </Link>
          <button
            type="button"
            className={`${ui.link} ${ui.linkButton}`}
            // The toasts' component kit is loaded with the logout itself: the home page stays light.
            onClick={() => void import('../../app/logout.ts').then((m) => m.logout(navigate))}
          >
            {uiMessages.nav.logout}
          </button>
        </>
      ) : (
        <Link to="/login" className={ui.link}>
          {uiMessages.nav.login}
        </Link>
      )}
      {/* On phones Contact stays in the footer only: the row keeps to one line. */}
      <Link to="/contact" className={`${ui.link} ${classes.wideOnly}`}>
        {uiMessages.nav.contact}
      </Link>
      <LanguageSwitch />
      <ContrastToggle />
      <ColorSchemeToggle />
    </nav>
  );
}

/** Home: the list of games with a search box (SPEC §2.1, §2.3). */
export function HomePage() {
  usePageMeta(config.siteName, uiMessages.home.metaDescription(config.siteName, messages.homeTagline));
  const games = useGames();
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const list = filterGames(games.data ?? [], deferred);

  return (
    <div className={ui.container}>
      <TopLinks />
      <header className={`${ui.stack} ${ui.center} ${classes.hero}`}>
        <h1 className={classes.heroTitle} translate="no">
          {config.siteName}
        </h1>
        <p className={`${ui.dimmed} ${classes.heroLead}`}>{uiMessages.home.lead(messages.homeTagline)}</p>
      </header>
      <div className={`${ui.inputWrap} ${classes.search}`}>
        <IconSearch size={18} className={ui.inputIcon} aria-hidden="true" />
        <input
          type="search"
          className={ui.input}
          placeholder={messages.searchPlaceholder}
          aria-label={uiMessages.home.searchGames}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
      </div>
      <section aria-label={uiMessages.home.games}>
        {games.isPending ? (
          <div className="wp-grid">
            {[0, 1, 2].map((i) => (
              <div key={i} className={ui.skeleton} style={{ aspectRatio: '16 / 12' }} />
            ))}
          </div>
        ) : games.isError ? (
          <p className={ui.alert}>{messages.genericError}</p>
        ) : list.length === 0 ? (
          <p className={`${ui.dimmed} ${classes.empty}`}>{messages.noGamesFound}</p>
        ) : (
          <div className="wp-grid" data-testid="game-list">
            {list.map((game, i) => (
              <GameCard key={game._id} game={game} eager={i < 3} />
            ))}
          </div>
        )}
      </section>
    </div>
  );
}

export { HomePage as Component };
