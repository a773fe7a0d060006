import type { notificationMessages } from '../notification-messages.ts';
import type { NotificationView } from './schemas.ts';

type Texts = Pick<
  typeof notificationMessages,
  'accepted' | 'rejected' | 'reverted' | 'commented' | 'suggested' | 'votes' | 'named' | 'unnamed'
>;

/**
 * What a notification says, naming its suggestion (its element's name, else its id), in the
 * language of `t` (the bell's and the digest mail's texts).
 */
export function notificationText(
  t: Texts,
  n: Pick<NotificationView, 'kind' | 'actor' | 'votes' | 'subject' | 'suggestionId'>,
): string {
  const what = n.subject ? t.named(n.subject) : t.unnamed(n.suggestionId);
  return n.kind === 'votes' ? t.votes(n.votes, what) : t[n.kind](n.actor, what);
}
