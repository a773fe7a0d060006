import type { NotificationKind, NotificationView, SuggestionType } from '@waypoint/shared';
import { rolesWith } from '@waypoint/shared/roles/roles';
import type { Kysely } from 'kysely';
import { inChunks } from '../../db/chunks.ts';
import type { Executor } from '../../db/database.ts';
import type { NotificationTable } from '../../db/schema.ts';

// The suggestion table is declared by the registry, not by the static Database type.
// biome-ignore lint/suspicious/noExplicitAny: the content tables come from the registry
const dyn = (db: Executor) => db as unknown as Kysely<any>;

/** What a notification needs of its suggestion. */
export interface SuggestionFacts {
  _id: string;
  userId: string;
  username: string;
  type: string;
  parentId: string;
  targetId: string;
  /** The suggested element's name, for the notification to say which suggestion it is. */
  subject: string;
}

/** The name a suggestion's data gives its element (empty when it has none or is not readable). */
export function subjectOf(data: unknown): string {
  if (typeof data !== 'string' || !data) return '';
  try {
    const name = (JSON.parse(data) as { name?: unknown }).name;
    return typeof name === 'string' ? name.slice(0, 200) : '';
  } catch {
    return '';
  }
}

/** The suggestions of `ids` that still exist, by id. */
export async function suggestionFacts(db: Executor, ids: string[]): Promise<Map<string, SuggestionFacts>> {
  const out = new Map<string, SuggestionFacts>();
  for (const part of inChunks(ids)) {
    const rows = (await dyn(db)
      .selectFrom('suggestion')
      .select(['_id', 'userId', 'username', 'type', 'parentId', 'targetId', 'data'])
      .where('_id', 'in', part)
      .execute()) as (Omit<SuggestionFacts, 'subject'> & { data: unknown })[];
    for (const { data, ...row } of rows) out.set(row._id, { ...row, subject: subjectOf(data) });
  }
  return out;
}

/** Who hears of a new suggestion in `gameIds`: their moderators, and the admins (one query). */
export async function reviewersOf(db: Executor, gameIds: string[]) {
  const rows = await db
    .selectFrom('user')
    .leftJoin('game_role', (join) =>
      join
        .onRef('game_role.userId', '=', 'user.id')
        .on('game_role.role', 'in', rolesWith('moderate'))
        .on('game_role.gameId', 'in', gameIds),
    )
    .select([
      'user.id as userId',
      'user.username as username',
      'user.admin as admin',
      'game_role.gameId as gameId',
    ])
    .where((eb) => eb.or([eb('user.admin', '=', 1), eb('game_role.gameId', 'is not', null)]))
    .execute();
  const moderators = new Map<string, { userId: string; username: string }[]>();
  const admins = new Map<string, { userId: string; username: string }>();
  for (const r of rows) {
    if (r.gameId) moderators.set(r.gameId, [...(moderators.get(r.gameId) ?? []), r]);
    if (r.admin === 1) admins.set(r.userId, r);
  }
  return { moderators, admins: [...admins.values()] };
}

export async function insertNotifications(db: Executor, rows: NotificationTable[]) {
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insertInto('notification')
      .values(rows.slice(i, i + 200))
      .execute();
  }
}

/** Removes the notifications created before `before` (read or not); answers how many went. */
export async function deleteNotificationsBefore(db: Executor, before: string): Promise<number> {
  const result = await db.deleteFrom('notification').where('createdAt', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Marks the digests of `userIds` (those who asked for one) as waiting since `now` unless they already
 * wait. Every opted-in row is written, so a digest being sent at the same time (which holds its row)
 * and this change happen one after the other on PostgreSQL too: none of the new ones is left behind.
 */
export async function markDigestsPending(db: Executor, userIds: string[], now: string) {
  for (const part of inChunks(userIds)) {
    await db
      .updateTable('notification_digest')
      .set((eb) => ({ pendingSince: eb.fn.coalesce('pendingSince', eb.val(now)) }))
      .where('userId', 'in', part)
      .where('email', '=', 1)
      .execute();
  }
}

const toView = (row: NotificationTable): NotificationView => ({
  id: row.id,
  kind: row.kind as NotificationKind,
  suggestionId: row.suggestionId,
  suggestionType: row.suggestionType as SuggestionType,
  gameId: row.gameId,
  mapId: row.mapId,
  targetId: row.targetId,
  actor: row.actor,
  votes: Number(row.votes ?? 0),
  subject: row.subject ?? '',
  reason: row.reason ?? '',
  createdAt: row.createdAt,
  read: row.readAt !== null,
});

/** A page of a user's notifications, newest first. */
export async function listNotifications(
  db: Executor,
  userId: string,
  limit: number,
  skip: number,
): Promise<NotificationView[]> {
  const rows = await db
    .selectFrom('notification')
    .selectAll()
    .where('userId', '=', userId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(skip)
    .execute();
  return rows.map(toView);
}

export async function countNotifications(db: Executor, userId: string, unreadOnly: boolean): Promise<number> {
  let query = db
    .selectFrom('notification')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('userId', '=', userId);
  if (unreadOnly) query = query.where('readAt', 'is', null);
  const row = await query.executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Marks one of the user's notifications read; false when the user has none of that id. */
export async function markRead(db: Executor, userId: string, id: string, now: string): Promise<boolean> {
  const found = await db
    .selectFrom('notification')
    .select(['id', 'readAt'])
    .where('id', '=', id)
    .where('userId', '=', userId)
    .executeTakeFirst();
  if (!found) return false;
  if (found.readAt === null) {
    await db
      .updateTable('notification')
      .set({ readAt: now })
      .where('id', '=', id)
      .where('readAt', 'is', null)
      .execute();
  }
  return true;
}

export async function markAllRead(db: Executor, userId: string, now: string, upTo: string) {
  await db
    .updateTable('notification')
    .set({ readAt: now })
    .where('userId', '=', userId)
    .where('readAt', 'is', null)
    .where('createdAt', '<=', upTo)
    .execute();
}

export async function digestSettingOf(db: Executor, userId: string) {
  return db
    .selectFrom('notification_digest')
    .select(['email', 'language'])
    .where('userId', '=', userId)
    .executeTakeFirst();
}

/** Turns the digest on or off; turning it off forgets what waited for it. */
export async function saveDigestSetting(db: Executor, userId: string, email: boolean, language: string) {
  const values = { email: email ? 1 : 0, language };
  await db
    .insertInto('notification_digest')
    .values({ userId, ...values, pendingSince: null, lastSentAt: null, claimedBy: null, claimedAt: null })
    .onConflict((oc) => oc.column('userId').doUpdateSet(email ? values : { ...values, pendingSince: null }))
    .execute();
}

/**
 * Claims up to `limit` digests that waited since before `dueBefore` and that no process holds (or
 * whose claim is older than `cutoff`): one conditional update, so a digest goes to one process only.
 */
export async function claimDueDigests(
  db: Executor,
  claim: string,
  now: string,
  dueBefore: string,
  cutoff: string,
  limit: number,
): Promise<string[]> {
  const candidates = await db
    .selectFrom('notification_digest')
    .select('userId')
    .where('email', '=', 1)
    .where('pendingSince', '<=', dueBefore)
    .where((eb) => eb.or([eb('claimedAt', 'is', null), eb('claimedAt', '<', cutoff)]))
    .orderBy('pendingSince')
    .limit(limit)
    .execute();
  if (candidates.length === 0) return [];
  await db
    .updateTable('notification_digest')
    .set({ claimedBy: claim, claimedAt: now })
    .where(
      'userId',
      'in',
      candidates.map((c) => c.userId),
    )
    .where('email', '=', 1)
    .where('pendingSince', '<=', dueBefore)
    .where((eb) => eb.or([eb('claimedAt', 'is', null), eb('claimedAt', '<', cutoff)]))
    .execute();
  const won = await db
    .selectFrom('notification_digest')
    .select('userId')
    .where('claimedBy', '=', claim)
    .execute();
  return won.map((r) => r.userId);
}

/** A claimed digest: its user's address and language, and the notifications it lists. */
export async function digestOf(db: Executor, userId: string) {
  const user = await db
    .selectFrom('notification_digest')
    .innerJoin('user', 'user.id', 'notification_digest.userId')
    .select(['user.email as email', 'notification_digest.language as language'])
    .where('notification_digest.userId', '=', userId)
    .executeTakeFirst();
  const rows = await db
    .selectFrom('notification')
    .selectAll()
    .where('userId', '=', userId)
    .where('readAt', 'is', null)
    .where('mailedAt', 'is', null)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return { user, notifications: rows.map(toView) };
}

/**
 * Ends a digest this process holds under `claim`: the listed notifications are marked mailed and the
 * digest waits again only if newer ones came meanwhile (since `sentAt`, so the next mail is one
 * interval later). False when the claim was taken over (nothing is written then).
 */
export async function finishDigest(
  db: Executor,
  userId: string,
  claim: string,
  mailedIds: string[],
  sentAt: string | null,
  now: string,
): Promise<boolean> {
  // Written first: the row stays held until the end, so a notification queued meanwhile waits for it.
  const held = await db
    .updateTable('notification_digest')
    .set({ claimedBy: null, claimedAt: null, pendingSince: null, ...(sentAt ? { lastSentAt: sentAt } : {}) })
    .where('userId', '=', userId)
    .where('claimedBy', '=', claim)
    .executeTakeFirst();
  if (Number(held.numUpdatedRows) === 0) return false;
  for (const part of inChunks(mailedIds)) {
    await db.updateTable('notification').set({ mailedAt: now }).where('id', 'in', part).execute();
  }
  const left = await db
    .selectFrom('notification')
    .select('id')
    .where('userId', '=', userId)
    .where('readAt', 'is', null)
    .where('mailedAt', 'is', null)
    .limit(1)
    .executeTakeFirst();
  if (left) {
    await db
      .updateTable('notification_digest')
      .set({ pendingSince: now })
      .where('userId', '=', userId)
      .where('email', '=', 1)
      .execute();
  }
  return true;
}

/** Hands the digests this process holds back (a stop). */
export async function releaseDigestClaims(db: Executor, prefix: string) {
  await db
    .updateTable('notification_digest')
    .set({ claimedBy: null, claimedAt: null })
    .where('claimedBy', 'like', `${prefix}%`)
    .execute();
}
