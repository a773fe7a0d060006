import type { NotificationView } from './schemas.ts';

/**
 * Where a notification leads: a moderator's new or much-voted suggestion to the game's review page on its type; an
 * author's to the map of their marker (the accepted marker opened) or to the game.
 */
export function notificationPath(
  n: Pick<NotificationView, 'kind' | 'gameId' | 'mapId' | 'targetId' | 'suggestionType'>,
): string {
  const game = encodeURIComponent(n.gameId);
  if (n.kind === 'suggested' || n.kind === 'votes')
    return `/suggestion-review?game=${game}&type=${n.suggestionType}`;
  if (!n.mapId) return `/game/${game}`;
  const map = `/game/${game}/maps/${encodeURIComponent(n.mapId)}`;
  return n.kind === 'accepted' && n.targetId ? `${map}?marker=${encodeURIComponent(n.targetId)}` : map;
}
