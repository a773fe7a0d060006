import { IconArrowsMove, IconCheck, IconPencil, IconTrash } from '@tabler/icons-react';
import type { MapTool, ToolState } from '@waypoint/shared/map/tools';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/controls.tsx';
import { editingMessages } from '../../../i18n/messages/editing-messages.ts';
import { messages } from '../../../i18n/messages/messages.ts';
import { useBanNotice } from '../../community/standing.ts';
import classes from './suggest.module.css';

interface Props {
  state: ToolState;
  /** The map's game: a ban there (or site-wide) closes the tools and says why. */
  gameId: string;
  /** The user name, or the local guest name; undefined for guests. */
  loggedIn: boolean;
  name: string;
  admin: boolean;
  loginPath: string;
  /** Name of the definition or objective being placed, for the hint. */
  placingName: string | undefined;
  onSuggestMode: (on: boolean) => void;
  onShowOnlySuggestions: (on: boolean) => void;
  /** Other contributors' open suggestions are hidden from the map. */
  othersHidden: boolean;
  onHideOthers: (hidden: boolean) => void;
  onTool: (tool: MapTool) => void;
  linkTarget: string | undefined;
}

const toolButtons: { tool: MapTool; label: string; Icon: typeof IconTrash; adminOnly?: boolean }[] = [
  { tool: 'MOVE', label: 'Move marker', Icon: IconArrowsMove },
  { tool: 'DELETE', label: 'Delete marker', Icon: IconTrash },
  { tool: 'EDIT', label: 'Edit marker', Icon: IconPencil },
  { tool: 'ACCEPT', label: 'Accept suggestion', Icon: IconCheck, adminOnly: true },
];

function hint(state: ToolState, placingName: string | undefined): string | undefined {
  switch (state.tool) {
    case 'PLACE':
      return placingName ? editingMessages.placingHint(placingName) : undefined;
    case 'PLACE_OBJECTIVE':
      return state.objective ? editingMessages.objectiveHint(state.objective.objective) : undefined;
    case 'MOVE':
      return editingMessages.moveHint;
    case 'DELETE':
      return editingMessages.deleteHint;
    case 'EDIT':
      return editingMessages.editHint;
    case 'ACCEPT':
      return editingMessages.acceptHint;
    default:
      return undefined;
  }
}

/**
 * The suggestion tools over the map in suggest mode (§2.7): the cartographer's name, the tools (each pressed again returns to no tool), the
 * switch hiding other contributors' suggestions and, for admins, the show-only-suggestions switch. Guests are asked to log in instead of getting tools.
 */
export function SuggestToolsPanel(p: Props) {
  const { state } = p;
  const text = hint(state, p.placingName);
  const ban = useBanNotice(p.loggedIn ? p.gameId : undefined);
  // The controls under the map's top (the pins' toolbar, a shared set's banner) move below the panel
  // as it grows: its lower edge is told to the map area as --wp-top-panel.
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    const el = panel.current;
    const area = el?.parentElement;
    if (!el || !area) return;
    const observer = new ResizeObserver(() =>
      area.style.setProperty('--wp-top-panel', `${el.offsetTop + el.offsetHeight}px`),
    );
    observer.observe(el);
    return () => {
      observer.disconnect();
      area.style.removeProperty('--wp-top-panel');
    };
  }, []);
  const deactivate = (
    <Button className={classes.deactivate} onClick={() => p.onSuggestMode(false)}>
      {editingMessages.deactivateSuggestions}
    </Button>
  );
  return (
    <section
      ref={panel}
      className={classes.panel}
      data-open="true"
      data-testid="suggest-tools"
      data-covers-map-top=""
      aria-label="Suggestion tools"
    >
      <span className={classes.name}>{editingMessages.cartographer(p.name)}</span>
      {ban ? (
        <div className={classes.login}>
          <p role="alert" data-testid="ban-notice">
            {ban}
          </p>
          {deactivate}
        </div>
      ) : p.loggedIn ? (
        <>
          <div className={classes.row} role="toolbar" aria-label="Map tools">
            {toolButtons
              .filter((b) => !b.adminOnly || p.admin)
              .map(({ tool, label, Icon }) => (
                <button
                  key={tool}
                  type="button"
                  className={classes.tool}
                  aria-label={label}
                  title={label}
                  aria-pressed={state.tool === tool}
                  onClick={() => p.onTool(tool)}
                >
                  <Icon size={18} aria-hidden="true" />
                </button>
              ))}
            {p.admin ? (
              <Button
                variant="subtle"
                aria-pressed={state.showOnlySuggestions}
                onClick={() => p.onShowOnlySuggestions(!state.showOnlySuggestions)}
              >
                {state.showOnlySuggestions
                  ? editingMessages.showAllMarkers
                  : editingMessages.showOnlySuggested}
              </Button>
            ) : null}
            <Button
              variant="subtle"
              aria-pressed={p.othersHidden}
              data-testid="others-suggestions-switch"
              onClick={() => p.onHideOthers(!p.othersHidden)}
            >
              {p.othersHidden ? editingMessages.showOthersSuggestions : editingMessages.hideOthersSuggestions}
            </Button>
            {deactivate}
          </div>
          {text ? (
            <p className={classes.hint} role="status">
              {text}
            </p>
          ) : null}
        </>
      ) : (
        <div className={classes.login}>
          <p>{messages.registeredUserNeeded}</p>
          <Link to={p.loginPath} className={classes.loginButton} target={p.linkTarget}>
            Login
          </Link>
          {deactivate}
        </div>
      )}
    </section>
  );
}
