import { IconBrandGithub, IconMenu2, IconX } from '@tabler/icons-react';
import { constants } from '@waypoint/shared/constants';
import type { AdditionalFeature } from '@waypoint/shared/models/enums';
import type { TCategory } from '@waypoint/shared/models/types';
import { lazy, type ReactNode, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../../api/session.ts';
import { ColorSchemeToggle } from '../../components/ColorSchemeToggle.tsx';
import { ContrastToggle } from '../../components/ContrastToggle.tsx';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';
import { MapLabel, MapPreview, mapPath } from '../../components/MapEntry.tsx';
import ui from '../../components/ui.module.css';
import { openConsentDialog } from '../../features/consent/consent.ts';
import { openSuggestModal, type SuggestPreset } from '../../features/suggest/open.ts';
import { contentLang } from '../../i18n/content.ts';
import { messages, toolLabels } from '../../i18n/messages/messages.ts';
import { uiMessages } from '../../i18n/messages/ui-messages.ts';
import { config } from '../config.ts';
import type { RouteName } from '../routes.tsx';
import { BarAnchor } from './BarLink.tsx';
import { Dropdown } from './Dropdown.tsx';
import { insideFrame } from './embedding.ts';
import classes from './NavBar.module.css';
import { type BarData, useBarData } from './useBarData.ts';

interface NavItem {
  key: string;
  label: ReactNode;
  to: string;
  active?: boolean;
  preview?: ReactNode;
}

interface Section {
  key: string;
  label: string;
  current: string;
  /** The current entry is a name from the site's content (not an interface text). */
  currentIsContent?: boolean;
  items: NavItem[];
  /** The 'Suggest ...' entry that starts the list (SPEC §2.8). */
  suggest?: SuggestPreset;
}

/** The notification bell: its code loads for logged-in users only, beside the bar (never holding it). */
const Bell = lazy(() => import('../../features/notifications/Bell.tsx'));

/**
 * The bell for pages without the bar (the home page): loaded through this module, so that the bell's
 * code and the bar's share one chunk and every page's first load keeps the bar's code in one piece.
 */
export function AccountBell() {
  return (
    <Suspense>
      <Bell />
    </Suspense>
  );
}
/** A ban's reason and end, in place of the 'Suggest ...' entries: loaded for banned users only. */
const BanNote = lazy(() => import('../../features/community/BanNote.tsx'));
/** The review link and the ban check: loaded for logged-in users only. */
const StandingGate = lazy(() => import('../../features/community/StandingGates.tsx'));

const gamePath = (gameId: string) => `/game/${encodeURIComponent(gameId)}`;

function categoryTarget(gameId: string, category: TCategory, data: BarData) {
  const first = data.allMaps.find((m) => m.categoryId === category._id);
  const target = category.preferredMap || first?._id;
  return target ? mapPath(gameId, target) : gamePath(gameId);
}

/** The dropdowns and their visibility rules (SPEC §2.8). */
function sections(data: BarData): Section[] {
  const out: Section[] = [];
  const { game } = data;
  if (data.showGame) {
    out.push({
      key: 'game',
      label: uiMessages.nav.game,
      current: game?.name ?? uiMessages.nav.game,
      currentIsContent: Boolean(game),
      suggest: { type: 'GAME', gameId: game?._id },
      items: data.games.map((g) => ({
        key: g._id,
        label: <span lang={contentLang}>{g.name}</span>,
        to: gamePath(g._id),
        active: g._id === game?._id,
      })),
    });
  }
  if (data.showCategoryAndMap && game) {
    out.push({
      key: 'category',
      label: uiMessages.nav.category,
      current: data.category?.name ?? uiMessages.nav.category,
      currentIsContent: Boolean(data.category),
      suggest: { type: 'CATEGORY', gameId: game._id },
      items: data.categories.map((c) => ({
        key: c._id,
        label: <span lang={contentLang}>{c.name}</span>,
        to: categoryTarget(game._id, c, data),
        active: c._id === data.category?._id,
      })),
    });
    out.push({
      key: 'map',
      label: uiMessages.nav.map,
      current: data.map?.name ?? uiMessages.nav.map,
      currentIsContent: Boolean(data.map),
      suggest: { type: 'MAP', gameId: game._id, categoryId: data.category?._id },
      items: data.maps.map((m) => ({
        key: m._id,
        label: <MapLabel map={m} preferred={data.categories.some((c) => c.preferredMap === m._id)} />,
        to: mapPath(game._id, m._id),
        active: m._id === data.map?._id,
        preview: <MapPreview map={m} />,
      })),
    });
  }
  if (data.showTools && game) {
    out.push({
      key: 'tools',
      label: uiMessages.nav.tools,
      current: uiMessages.nav.tools,
      items: (game.additionalFeatures ?? []).map((f) => ({
        key: f,
        label: toolLabels[f as AdditionalFeature] ?? f,
        to: `${gamePath(game._id)}/tools/${f}`,
      })),
    });
  }
  return out;
}

function CurrentEntry({ section }: { section: Section }) {
  return section.currentIsContent ? <span lang={contentLang}>{section.current}</span> : section.current;
}

function ItemList({
  section,
  embedded,
  onChoose,
}: {
  section: Section;
  embedded: boolean;
  /** Called when an entry is chosen (the collapsed bar's panel closes; a dropdown closes itself). */
  onChoose?: () => void;
}) {
  const session = useSession();
  const suggest = section.suggest ? (
    <li>
      <button
        type="button"
        className={`${classes.item} ${classes.suggest}`}
        data-testid={`suggest-${section.key}`}
        onClick={() => {
          onChoose?.();
          if (section.suggest) openSuggestModal(section.suggest);
        }}
      >
        {messages.suggestEntry}
      </button>
    </li>
  ) : null;
  return (
    <ul className={classes.itemList} style={{ maxHeight: constants.dropdownMaxHeightPx }}>
      {section.suggest && session ? (
        <Suspense fallback={suggest}>
          <StandingGate
            gameId={section.suggest.gameId}
            banned={
              <li>
                <Suspense>
                  <BanNote gameId={section.suggest.gameId} className={classes.banNote} />
                </Suspense>
              </li>
            }
          >
            {suggest}
          </StandingGate>
        </Suspense>
      ) : (
        suggest
      )}
      {section.items.map((item) => (
        <li key={item.key} className={item.preview ? classes.withPreview : undefined}>
          <BarAnchor
            to={item.to}
            embedded={embedded}
            className={classes.item}
            data-active={item.active || undefined}
            aria-current={item.active ? 'page' : undefined}
            onClick={onChoose}
          >
            {item.label}
          </BarAnchor>
          {item.preview ? <div className={classes.preview}>{item.preview}</div> : null}
        </li>
      ))}
    </ul>
  );
}

/** The app-store badge, or the game's in-game app page (SPEC §2.8). */
function AppBadge({
  embedded,
  gameId,
  className,
}: {
  embedded: boolean;
  gameId?: string;
  className: string;
}) {
  const promo = gameId ? `${gamePath(gameId)}/ingameMapApp` : '';
  if (config.appStoreUrl) {
    return (
      <a href={config.appStoreUrl} target="_blank" rel="noopener" className={className}>
        {uiMessages.nav.getInGameApp}
      </a>
    );
  }
  return promo ? (
    <BarAnchor to={promo} embedded={embedded} className={className}>
      {uiMessages.nav.getInGameApp}
    </BarAnchor>
  ) : null;
}

/** Suggestion review (admins and moderators), Admin, Profile and Logout for a logged-in user; Login otherwise. */
function AccountLinks({ embedded }: { embedded: boolean }) {
  const session = useSession();
  const navigate = useNavigate();
  return (
    <>
      {session ? (
        <Suspense>
          <StandingGate>
            <BarAnchor to="/suggestion-review" embedded={embedded} className={classes.link}>
              {uiMessages.nav.review}
            </BarAnchor>
          </StandingGate>
        </Suspense>
      ) : null}
      {session?.admin ? (
        <BarAnchor to="/admin" embedded={embedded} className={classes.link}>
          {uiMessages.nav.admin}
        </BarAnchor>
      ) : null}
      {session ? (
        <>
          <BarAnchor to="/profile" embedded={embedded} className={classes.link}>
            {uiMessages.nav.profile}
          </BarAnchor>
          <button
            type="button"
            className={classes.link}
            onClick={() => void import('../logout.ts').then((m) => m.logout(navigate))}
          >
            {uiMessages.nav.logout}
          </button>
        </>
      ) : (
        <BarAnchor to="/login" embedded={embedded} className={classes.link}>
          {uiMessages.nav.login}
        </BarAnchor>
      )}
    </>
  );
}

/** Contact, Consent and the social link (its name shows beside the icon in a menu only). */
function SiteLinks({ embedded, className }: { embedded: boolean; className: string }) {
  return (
    <>
      <BarAnchor to="/contact" embedded={embedded} className={className}>
        {uiMessages.nav.contact}
      </BarAnchor>
      <button type="button" className={className} onClick={() => openConsentDialog()}>
        {uiMessages.nav.consent}
      </button>
      <a
        href={config.socialUrl}
        target="_blank"
        rel="noopener"
        className={className}
        lang={contentLang}
        title={config.socialLabel}
      >
        <IconBrandGithub size={20} aria-hidden />
        <span className={classes.socialName}>{config.socialLabel}</span>
      </a>
    </>
  );
}

/** Everything of the right side in one list: the collapsed bar's panel (SPEC §2.8). */
function RightLinks({ embedded, gameId }: { embedded: boolean; gameId?: string }) {
  return (
    <>
      <AppBadge embedded={embedded} gameId={gameId} className={classes.badge} />
      <AccountLinks embedded={embedded} />
      <SiteLinks embedded={embedded} className={classes.link} />
    </>
  );
}

/**
 * Up to these window widths the desktop bar's badge, Contact, Consent, social link, language and
 * contrast sit in a "More" menu, so that the section menus keep their names: a logged-in user's
 * bell, Admin, Profile and Logout take more room.
 */
const moreMenuMaxWidthPx = { guest: 1279, loggedIn: 1599 };

/** The right side of the desktop bar. */
function DesktopRight({ embedded, gameId }: { embedded: boolean; gameId?: string }) {
  const session = useSession();
  const compact = useNarrow(session ? moreMenuMaxWidthPx.loggedIn : moreMenuMaxWidthPx.guest);
  return (
    <div className={classes.right}>
      {embedded || !session ? null : (
        <Suspense>
          <Bell />
        </Suspense>
      )}
      {compact ? null : <AppBadge embedded={embedded} gameId={gameId} className={classes.badge} />}
      <AccountLinks embedded={embedded} />
      {compact ? (
        <Dropdown label={uiMessages.nav.more} heading={uiMessages.nav.more} current={uiMessages.nav.more}>
          <div className={classes.menuList}>
            <AppBadge embedded={embedded} gameId={gameId} className={classes.item} />
            <SiteLinks embedded={embedded} className={classes.item} />
          </div>
          <div className={classes.menuSettings}>
            <LanguageSwitch />
            <ContrastToggle />
          </div>
        </Dropdown>
      ) : (
        <>
          <SiteLinks embedded={embedded} className={classes.link} />
          <LanguageSwitch />
          <ContrastToggle />
        </>
      )}
      <ColorSchemeToggle />
    </div>
  );
}

function Logo({ embedded }: { embedded: boolean }) {
  return (
    <BarAnchor
      to="/"
      embedded={embedded}
      className={classes.logo}
      aria-label={uiMessages.nav.home(config.siteName)}
    >
      <svg viewBox="0 0 64 64" width="26" height="26" aria-hidden="true">
        <rect width="64" height="64" rx="14" fill="var(--mantine-primary-color-filled)" />
        <path
          d="M32 10c-9 0-16 7-16 16 0 12 16 28 16 28s16-16 16-28c0-9-7-16-16-16zm0 22a6 6 0 1 1 0-12 6 6 0 0 1 0 12z"
          fill="#fff"
        />
      </svg>
      <span className={classes.logoText} translate="no">
        {config.siteName}
      </span>
    </BarAnchor>
  );
}

interface NavBarProps {
  routeName: RouteName | undefined;
  gameId?: string;
  mapId?: string;
}

/** Whether the window is at most `px` wide, following it as it changes (read on the first render). */
function useNarrow(px: number) {
  const query = `(max-width: ${px}px)`;
  return useSyncExternalStore(
    (changed) => {
      const list = matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    () => matchMedia(query).matches,
    () => false,
  );
}

/**
 * The top navigation bar (SPEC §2.8); at 1000 px or less it collapses behind a menu button. On a
 * narrow desktop bar its section menus shorten their names (NavBar.module.css).
 */
export function NavBar({ routeName, gameId, mapId }: NavBarProps) {
  const data = useBarData(routeName, gameId, mapId);
  const narrow = useNarrow(constants.autoCloseMaxWidthPx);
  const [opened, setOpened] = useState(false);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: close the menu whenever the page changes
  useEffect(() => setOpened(false), [pathname]);
  const embedded = insideFrame();
  const list = sections(data);
  const session = useSession();
  const collapsed = narrow;
  const context = data.game ? (data.map ? `${data.game.name} · ${data.map.name}` : data.game.name) : '';

  if (routeName === 'Embedded Map') {
    // The compact bar of an embedded map: where this is, and the way to the full site.
    return (
      <header className={classes.header} data-testid="compact-bar">
        <nav aria-label={uiMessages.nav.main} className={classes.inner}>
          <Logo embedded />
          <span className={`${classes.truncate} ${classes.context}`} lang={contentLang}>
            {context}
          </span>
          {gameId && mapId ? (
            <BarAnchor to={`/game/${gameId}/maps/${mapId}`} embedded className={classes.link}>
              {messages.openFullMap}
            </BarAnchor>
          ) : null}
        </nav>
      </header>
    );
  }

  return (
    <header className={classes.header}>
      <nav aria-label={uiMessages.nav.main} className={classes.inner}>
        <Logo embedded={embedded} />
        {collapsed ? (
          <>
            <span className={`${classes.truncate} ${classes.context}`} lang={contentLang}>
              {context}
            </span>
            {embedded || !session ? null : (
              <Suspense>
                <Bell />
              </Suspense>
            )}
            <ColorSchemeToggle />
            <button
              type="button"
              className={ui.iconButton}
              onClick={() => setOpened((o) => !o)}
              aria-label={opened ? uiMessages.nav.closeNavigation : uiMessages.nav.openNavigation}
              aria-expanded={opened}
              aria-controls="wp-nav-panel"
            >
              {opened ? <IconX size={20} /> : <IconMenu2 size={20} />}
            </button>
            {opened ? (
              <div id="wp-nav-panel" className={classes.panel}>
                {list.map((section) => (
                  <details key={section.key} className={classes.panelSection} open={section.key !== 'game'}>
                    <summary>
                      {section.label}
                      {section.current === section.label ? null : (
                        <>
                          : <CurrentEntry section={section} />
                        </>
                      )}
                    </summary>
                    <ItemList section={section} embedded={embedded} onChoose={() => setOpened(false)} />
                  </details>
                ))}
                <div className={classes.panelLinks}>
                  <RightLinks embedded={embedded} gameId={data.game?._id} />
                  <LanguageSwitch />
                  <ContrastToggle />
                </div>
              </div>
            ) : null}
          </>
        ) : (
          <>
            <div className={classes.dropdowns}>
              {list.map((section) => (
                <Dropdown
                  key={section.key}
                  label={uiMessages.nav.sectionCurrent(section.label, section.current)}
                  heading={section.label}
                  current={<CurrentEntry section={section} />}
                >
                  <ItemList section={section} embedded={embedded} />
                </Dropdown>
              ))}
            </div>
            <DesktopRight embedded={embedded} gameId={data.game?._id} />
          </>
        )}
      </nav>
    </header>
  );
}
