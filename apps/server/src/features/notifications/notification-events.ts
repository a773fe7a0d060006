import { randomUUID } from 'node:crypto';
import { decisionReasonMax, type NotificationKind } from '@waypoint/shared';
import type { Executor } from '../../db/database.ts';
import type { NotificationTable } from '../../db/schema.ts';
import { queueNotificationEvents } from '../live/publish.ts';
import type { GameEvent } from '../webhooks/webhook-events.ts';
import {
  insertNotifications,
  markDigestsPending,
  reviewersOf,
  type SuggestionFacts,
  subjectOf,
  suggestionFacts,
} from './notifications.repository.ts';

const decisionKinds: Record<string, NotificationKind> = {
  ACCEPTED: 'accepted',
  REJECTED: 'rejected',
  REVERTED: 'reverted',
};

/** Notifications per recipient: their open pages' bells hear of them once the transaction commits. */
function countsOf(rows: NotificationTable[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row.userId, (counts.get(row.userId) ?? 0) + 1);
  return counts;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The notifications of a game's community events, written in the caller's transaction (they commit
 * or roll back with the change): the author hears of a decision on, a revert of or someone else's
 * comment on their suggestion; the moderators of the game hear of a new suggestion in it, and its
 * admins only when it has no moderator (on a big site the admins would drown in them otherwise).
 * Nobody hears of their own doing. Digests of the recipients who asked for e-mail start waiting.
 */
export async function queueNotifications(trx: Executor, events: GameEvent[]): Promise<void> {
  const relevant = events.filter(
    (e) =>
      e.event === 'comment.created' || e.event === 'suggestion.created' || e.event === 'suggestion.decided',
  );
  if (relevant.length === 0) return;
  // Decisions and comments need the suggestion's author; every notification names the suggestion.
  const created = relevant.filter((e) => e.event === 'suggestion.created');
  const others = relevant.filter((e) => e.event !== 'suggestion.created');
  const suggestions = await suggestionFacts(trx, [
    ...new Set(relevant.map((e) => text(e.data.suggestionId))),
  ]);
  const reviewers = created.length
    ? await reviewersOf(trx, [...new Set(created.map((e) => e.gameId))])
    : undefined;
  const now = new Date().toISOString();
  const rows: NotificationTable[] = [];
  const add = (
    userId: string,
    kind: NotificationKind,
    s: Omit<SuggestionFacts, 'userId'>,
    gameId: string,
    actor: string,
    reason = '',
  ) =>
    rows.push({
      id: randomUUID(),
      userId,
      kind,
      suggestionId: s._id,
      suggestionType: s.type,
      gameId,
      mapId: s.type === 'PLACED_MARKER' ? s.parentId : '',
      targetId: s.targetId ?? '',
      actor,
      votes: 0,
      subject: s.subject,
      reason: reason.slice(0, decisionReasonMax),
      createdAt: now,
      readAt: null,
      mailedAt: null,
    });
  for (const e of created) {
    const id = text(e.data.suggestionId);
    const s = {
      _id: id,
      username: text(e.data.username),
      type: text(e.data.type),
      parentId: text(e.data.parentId),
      targetId: text(e.data.targetId),
      subject: suggestions.get(id)?.subject ?? '',
    };
    for (const r of reviewers?.moderators.get(e.gameId) ?? reviewers?.admins ?? []) {
      if (r.username !== s.username) add(r.userId, 'suggested', s, e.gameId, s.username);
    }
  }
  for (const e of others) {
    const s = suggestions.get(text(e.data.suggestionId));
    if (!s) continue;
    const actor = text(e.event === 'comment.created' ? e.data.username : e.data.decidedBy);
    const kind = e.event === 'comment.created' ? 'commented' : decisionKinds[text(e.data.status)];
    // A trusted editor's own suggestion is decided by themselves: nothing to hear of.
    const reason = e.event === 'suggestion.decided' ? text(e.data.reason) : '';
    if (kind && actor !== s.username) add(s.userId, kind, s, e.gameId, actor, reason);
  }
  if (rows.length === 0) return;
  await insertNotifications(trx, rows);
  queueNotificationEvents(trx, countsOf(rows));
  await markDigestsPending(trx, [...new Set(rows.map((r) => r.userId))], now);
}

/**
 * A suggestion reached its game's threshold of net votes (`votes`) by `voter`'s vote: the game's
 * moderators and the admins hear of it, in the vote's transaction, except the voter. The caller
 * makes sure it happens once per suggestion.
 */
export async function queueVoteThresholdNotifications(
  trx: Executor,
  s: Omit<SuggestionFacts, 'userId' | 'subject'> & { data?: unknown },
  gameId: string,
  votes: number,
  voter: string,
): Promise<void> {
  const reviewers = await reviewersOf(trx, [gameId]);
  const recipients = new Map<string, string>();
  for (const r of [...(reviewers.moderators.get(gameId) ?? []), ...reviewers.admins]) {
    if (r.username !== voter) recipients.set(r.userId, r.username);
  }
  if (recipients.size === 0) return;
  const now = new Date().toISOString();
  const rows: NotificationTable[] = [...recipients.keys()].map((userId) => ({
    id: randomUUID(),
    userId,
    kind: 'votes',
    suggestionId: s._id,
    suggestionType: s.type,
    gameId,
    mapId: s.type === 'PLACED_MARKER' ? s.parentId : '',
    targetId: s.targetId ?? '',
    actor: voter,
    votes,
    subject: subjectOf(s.data),
    reason: '',
    createdAt: now,
    readAt: null,
    mailedAt: null,
  }));
  await insertNotifications(trx, rows);
  queueNotificationEvents(trx, countsOf(rows));
  await markDigestsPending(trx, [...recipients.keys()], now);
}
