import { constants } from '@waypoint/shared/constants';
import { type MarkerSuggestion, suggestionAuthors } from '@waypoint/shared/map/suggested-markers';
import { useMemo, useState } from 'react';
import { Button } from '../../../components/controls.tsx';
import { editingMessages } from '../../../i18n/messages/editing-messages.ts';
import { RejectAllDialog } from './RejectAllDialog.tsx';
import classes from './suggest.module.css';

interface Props {
  /** The map's open suggestions. */
  suggestions: readonly MarkerSuggestion[];
  /** The author whose suggestions alone are drawn, or null. */
  only: string | null;
  onOnly: (username: string | null) => void;
  /** `reason`: why a reject, for the authors' notifications (optional). */
  onDecide: (decision: 'accept' | 'reject', ids: string[], reason?: string) => void;
}

const actions = [
  ['ADD', 'added'],
  ['UPDATE', 'changed'],
  ['DELETE', 'removed'],
] as const;

/** Admins in suggest mode: the map's open suggestions by author, decided per author (§2.7). */
export function AuthorsPanel({ suggestions, only, onOnly, onDecide }: Props) {
  const authors = useMemo(() => suggestionAuthors(suggestions), [suggestions]);
  // Rejecting all of an author's suggestions waits for the admin's confirmation.
  const [rejecting, setRejecting] = useState<string[] | null>(null);
  return (
    <section
      className={classes.authors}
      aria-label={editingMessages.suggestionAuthors}
      data-testid="suggestion-authors"
    >
      <h2 className={classes.authorsTitle}>{editingMessages.suggestionAuthors}</h2>
      {authors.length === 0 ? <p className={classes.dim}>{editingMessages.noOpenSuggestions}</p> : null}
      <ul className={classes.authorList}>
        {authors.map((a) => (
          <li key={a.username} className={classes.author} data-testid={`author-${a.username}`}>
            <div className={classes.authorHead}>
              <strong>{a.username || '—'}</strong>
              <span className={classes.counts}>
                {actions.map(([action, label]) => (
                  <span key={action} className={classes.countChip} title={`${action}: ${a.counts[action]}`}>
                    <span
                      className={classes.dot}
                      style={{ background: constants.suggestionColors[action] }}
                      aria-hidden="true"
                    />
                    {a.counts[action]} {label}
                  </span>
                ))}
              </span>
            </div>
            <div className={classes.row}>
              <Button
                variant="subtle"
                aria-pressed={only === a.username}
                onClick={() => onOnly(only === a.username ? null : a.username)}
              >
                {editingMessages.showOnlyThisUser}
              </Button>
              <Button variant="light" onClick={() => onDecide('accept', a.ids)}>
                {editingMessages.acceptAll}
              </Button>
              <Button onClick={() => setRejecting(a.ids)}>{editingMessages.rejectAll}</Button>
            </div>
          </li>
        ))}
      </ul>
      {rejecting ? (
        <RejectAllDialog
          count={rejecting.length}
          onReject={(reason) => onDecide('reject', rejecting, reason)}
          onClose={() => setRejecting(null)}
        />
      ) : null}
    </section>
  );
}
