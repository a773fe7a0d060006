import { IconThumbDown, IconThumbUp } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { editingMessages } from '../../../i18n/messages/editing-messages.ts';
import { messages } from '../../../i18n/messages/messages.ts';
import { useAddComment, useSuggestionComments, useSuggestionVotes, useVote } from '../edit-queries.ts';
import classes from './popup-extras.module.css';

const when = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleString();
};

/**
 * The discussion of one suggestion in a marker's popup: up and down votes with their counts and the
 * comments, with a box to add one. Its author and admins see it, and while it is open every
 * logged-in contributor not banned in its game (the server answers no one else: then nothing shows).
 */
export function SuggestionDiscussion({ suggestionId }: { suggestionId: string }) {
  const votes = useSuggestionVotes(suggestionId, true);
  const comments = useSuggestionComments(suggestionId, true);
  const vote = useVote(suggestionId);
  const add = useAddComment(suggestionId);
  const [text, setText] = useState('');
  const boxId = useId();
  if (votes.isError || comments.isError || !votes.data) return null;
  const { upvotes, downvotes, vote: mine } = votes.data;
  // An author sees how others voted, with no buttons: the server refuses their own vote.

  return (
    <section
      className={classes.section}
      data-testid="suggestion-discussion"
      aria-label="Suggestion discussion"
    >
      {votes.data.own ? (
        <div className={classes.line} data-testid="own-votes">
          {editingMessages.ownVotes(upvotes, downvotes)}
        </div>
      ) : (
        <div className={classes.line}>
          <button
            type="button"
            className={classes.small}
            aria-pressed={mine === 1}
            aria-label={`${editingMessages.upvote} (${upvotes})`}
            disabled={vote.isPending}
            onClick={() => vote.mutate('upvote')}
          >
            <IconThumbUp size={14} aria-hidden="true" />
            {upvotes}
          </button>
          <button
            type="button"
            className={classes.small}
            aria-pressed={mine === -1}
            aria-label={`${editingMessages.downvote} (${downvotes})`}
            disabled={vote.isPending}
            onClick={() => vote.mutate('downvote')}
          >
            <IconThumbDown size={14} aria-hidden="true" />
            {downvotes}
          </button>
        </div>
      )}
      <h3 className={classes.heading}>{editingMessages.comments}</h3>
      {comments.data && comments.data.length > 0 ? (
        <ul className={classes.comments}>
          {comments.data.map((c) => (
            <li key={c.id} className={classes.comment}>
              <div className={classes.meta}>
                <strong>{c.username}</strong> · <time dateTime={c.createdAt}>{when(c.createdAt)}</time>
              </div>
              {/* Comments are plain text: shown as written, never as HTML. */}
              <p className={classes.commentText}>{c.comment}</p>
            </li>
          ))}
        </ul>
      ) : (
        <div className={classes.hint}>{editingMessages.noComments}</div>
      )}
      <form
        className={classes.line}
        onSubmit={(e) => {
          e.preventDefault();
          const comment = text.trim();
          if (!comment) return;
          add.mutate(comment, { onSuccess: () => setText('') });
        }}
      >
        <label htmlFor={boxId} className={classes.hint} style={{ width: '100%' }}>
          {editingMessages.addComment}
        </label>
        <textarea
          id={boxId}
          className={classes.box}
          value={text}
          maxLength={2000}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className={classes.small} disabled={add.isPending || !text.trim()}>
          {editingMessages.sendComment}
        </button>
        {add.isError ? (
          <span className={classes.hint} role="alert">
            {add.error.message || messages.somethingWentWrong}
          </span>
        ) : null}
      </form>
    </section>
  );
}
