import { IconFlag } from '@tabler/icons-react';
import { confirmedWording } from '@waypoint/shared/map/freshness';
import { Link } from 'react-router';
import { editingMessages } from '../../../i18n/messages/editing-messages.ts';
import { messages } from '../../../i18n/messages/messages.ts';
import { type Freshness as FreshnessAnswer, useMarkerFreshness } from '../edit-queries.ts';
import classes from './popup-extras.module.css';

interface Props {
  /** The answer of a confirmation or report (the map flags reported markers). */
  onAnswer?: (answer: FreshnessAnswer) => void;
  markerId: string;
  lastConfirmedAt: string | undefined;
  reportCount: number;
  /** Guests see the state and a login hint instead of the buttons. */
  loggedIn: boolean;
  loginPath: string;
}

/** How fresh a placed marker is, with 'Still here' and 'Gone' / 'Moved' for players. */
export function Freshness({ onAnswer, markerId, lastConfirmedAt, reportCount, loggedIn, loginPath }: Props) {
  const freshness = useMarkerFreshness(markerId, onAnswer);
  const sent = freshness.isSuccess ? freshness.variables : undefined;
  return (
    <div className={classes.section} data-testid="marker-freshness">
      <div className={classes.line}>
        <span className={classes.fresh} aria-live="polite">
          {confirmedWording(lastConfirmedAt)}
        </span>
        {reportCount > 0 ? (
          <span className={classes.flag} data-testid="marker-reported">
            <IconFlag size={13} aria-hidden="true" />
            {editingMessages.reportedBy(reportCount)}
          </span>
        ) : null}
      </div>
      {loggedIn ? (
        <div className={classes.line}>
          <button
            type="button"
            className={classes.small}
            disabled={freshness.isPending}
            onClick={() => freshness.mutate('CONFIRM')}
          >
            {editingMessages.stillHere}
          </button>
          <button
            type="button"
            className={classes.small}
            disabled={freshness.isPending}
            aria-pressed={sent === 'GONE'}
            onClick={() => freshness.mutate('GONE')}
          >
            {editingMessages.reportGone}
          </button>
          <button
            type="button"
            className={classes.small}
            disabled={freshness.isPending}
            aria-pressed={sent === 'MOVED'}
            onClick={() => freshness.mutate('MOVED')}
          >
            {editingMessages.reportMoved}
          </button>
          {sent === 'GONE' || sent === 'MOVED' ? (
            <span className={classes.hint} role="status">
              {editingMessages.reportThanks}
            </span>
          ) : null}
          {freshness.isError ? (
            <span className={classes.hint} role="alert">
              {freshness.error.message || messages.somethingWentWrong}
            </span>
          ) : null}
        </div>
      ) : (
        <Link to={loginPath} className={classes.hint}>
          {editingMessages.freshnessLogin}
        </Link>
      )}
    </div>
  );
}
