import type { Kysely } from 'kysely';
import { inChunks } from '../../db/chunks.ts';
import type { Executor } from '../../db/database.ts';
import type { WebhookDeliveryTable, WebhookTable } from '../../db/schema.ts';

/**
 * Webhooks and their delivery queue. Every statement that changes a claim is one conditional
 * UPDATE, so two processes never both hold a delivery: the database lets one change the row.
 */

export type WebhookRow = WebhookTable;
export type DeliveryRow = WebhookDeliveryTable;

/** Whether the game a webhook is set for exists (the content tables come from the registry). */
export async function gameExists(db: Executor, gameId: string): Promise<boolean> {
  // biome-ignore lint/suspicious/noExplicitAny: the content tables come from the registry
  const content = db as unknown as Kysely<any>;
  const row = await content.selectFrom('game').select('_id').where('_id', '=', gameId).executeTakeFirst();
  return row !== undefined;
}

export async function listWebhooks(db: Executor, gameId: string): Promise<WebhookRow[]> {
  return db.selectFrom('webhook').selectAll().where('gameId', '=', gameId).orderBy('createdAt').execute();
}

export async function findWebhook(db: Executor, gameId: string, id: string): Promise<WebhookRow | undefined> {
  return db
    .selectFrom('webhook')
    .selectAll()
    .where('id', '=', id)
    .where('gameId', '=', gameId)
    .executeTakeFirst();
}

/** The enabled webhooks of a game (the ones an event is queued for). */
export async function enabledWebhooksOf(
  db: Executor,
  gameIds: string[],
): Promise<Pick<WebhookRow, 'id' | 'gameId' | 'events'>[]> {
  if (gameIds.length === 0) return [];
  return db
    .selectFrom('webhook')
    .select(['id', 'gameId', 'events'])
    .where('gameId', 'in', gameIds)
    .where('enabled', '=', 1)
    .execute();
}

export async function insertWebhook(db: Executor, row: WebhookRow): Promise<void> {
  await db.insertInto('webhook').values(row).execute();
}

export async function updateWebhook(
  db: Executor,
  gameId: string,
  id: string,
  fields: Partial<Omit<WebhookRow, 'id' | 'gameId' | 'createdBy' | 'createdAt'>>,
): Promise<boolean> {
  const result = await db
    .updateTable('webhook')
    .set(fields)
    .where('id', '=', id)
    .where('gameId', '=', gameId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Removes a webhook with its deliveries (also where the engine does not cascade). */
export async function deleteWebhook(db: Executor, gameId: string, id: string): Promise<boolean> {
  await db.deleteFrom('webhook_delivery').where('webhookId', '=', id).where('gameId', '=', gameId).execute();
  const result = await db
    .deleteFrom('webhook')
    .where('id', '=', id)
    .where('gameId', '=', gameId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Removes the webhooks of deleted games with their deliveries (inside the delete's transaction). */
export async function deleteWebhooksOfGames(db: Executor, gameIds: string[]): Promise<void> {
  if (gameIds.length === 0) return;
  await db.deleteFrom('webhook_delivery').where('gameId', 'in', gameIds).execute();
  await db.deleteFrom('webhook').where('gameId', 'in', gameIds).execute();
}

/** Queues deliveries, a few hundred per statement (inside the transaction of the change). */
export async function insertDeliveries(db: Executor, rows: DeliveryRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insertInto('webhook_delivery')
      .values(rows.slice(i, i + 200))
      .execute();
  }
}

/** Deliveries of a webhook, newest first. */
export async function recentDeliveries(
  db: Executor,
  webhookId: string,
  limit: number,
): Promise<DeliveryRow[]> {
  return db
    .selectFrom('webhook_delivery')
    .selectAll()
    .where('webhookId', '=', webhookId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function countPending(db: Executor, webhookId: string): Promise<number> {
  const row = await db
    .selectFrom('webhook_delivery')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('webhookId', '=', webhookId)
    .where('state', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function findDelivery(db: Executor, id: string): Promise<DeliveryRow | undefined> {
  return db.selectFrom('webhook_delivery').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Claims up to `limit` due deliveries for `claim` (a token of this process's one attempt): pending
 * ones whose time has come and that no live claim holds (none, or one older than `cutoff`).
 * Answers the ids this call won.
 */
export async function claimDue(
  db: Executor,
  claim: string,
  now: string,
  cutoff: string,
  limit: number,
): Promise<string[]> {
  const candidates = await db
    .selectFrom('webhook_delivery')
    .select('id')
    .where('state', '=', 'pending')
    .where('nextAttemptAt', '<=', now)
    .where((eb) => eb.or([eb('claimedAt', 'is', null), eb('claimedAt', '<', cutoff)]))
    .orderBy('nextAttemptAt')
    .orderBy('id')
    .limit(limit)
    .execute();
  if (candidates.length === 0) return [];
  await db
    .updateTable('webhook_delivery')
    .set({ claimedBy: claim, claimedAt: now })
    .where(
      'id',
      'in',
      candidates.map((c) => c.id),
    )
    .where('state', '=', 'pending')
    .where((eb) => eb.or([eb('claimedAt', 'is', null), eb('claimedAt', '<', cutoff)]))
    .execute();
  const won = await db.selectFrom('webhook_delivery').select('id').where('claimedBy', '=', claim).execute();
  return won.map((r) => r.id);
}

/** A claimed delivery with what sending it needs from its webhook. */
export interface ClaimedDelivery extends DeliveryRow {
  url: string;
  secret: string;
  format: string;
}

export async function claimedDeliveries(db: Executor, claim: string): Promise<ClaimedDelivery[]> {
  return db
    .selectFrom('webhook_delivery as d')
    .innerJoin('webhook as w', 'w.id', 'd.webhookId')
    .selectAll('d')
    .select(['w.url', 'w.secret', 'w.format'])
    .where('d.claimedBy', '=', claim)
    .execute();
}

/** Writes an attempt's outcome while `claim` still holds the delivery; false when it does not. */
export async function recordAttempt(
  db: Executor,
  id: string,
  claim: string,
  fields: Pick<
    DeliveryRow,
    'state' | 'attempts' | 'nextAttemptAt' | 'lastAttemptAt' | 'lastStatus' | 'lastError' | 'deliveredAt'
  >,
): Promise<boolean> {
  const result = await db
    .updateTable('webhook_delivery')
    .set({ ...fields, claimedBy: null, claimedAt: null })
    .where('id', '=', id)
    .where('claimedBy', '=', claim)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Hands the deliveries a stopping process holds back to the queue. */
export async function releaseClaimsOf(db: Executor, claimPrefix: string): Promise<void> {
  await db
    .updateTable('webhook_delivery')
    .set({ claimedBy: null, claimedAt: null })
    .where('claimedBy', 'like', `${claimPrefix}%`)
    .where('state', '=', 'pending')
    .execute();
}

/** Removes finished deliveries older than `before` (the admin page shows the latest ones). */
export async function pruneFinished(db: Executor, before: string): Promise<void> {
  await db
    .deleteFrom('webhook_delivery')
    .where('state', 'in', ['delivered', 'failed'])
    .where('createdAt', '<', before)
    .execute();
}

/** The games of maps, by map id. */
export async function gamesOfMaps(db: Executor, mapIds: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const part of inChunks(mapIds)) {
    const rows = await db.selectFrom('map').select(['_id', 'gameId']).where('_id', 'in', part).execute();
    for (const r of rows) out.set(r._id, r.gameId);
  }
  return out;
}

/** Every webhook's stored secret, to seal plain ones and ones of an earlier key (at start). */
export async function webhookSecrets(db: Executor): Promise<{ id: string; secret: string }[]> {
  return db.selectFrom('webhook').select(['id', 'secret']).execute();
}

/** Replaces a stored secret, unless it changed meanwhile (another process sealed it, an admin set it). */
export async function replaceWebhookSecret(
  db: Executor,
  id: string,
  from: string,
  to: string,
): Promise<void> {
  await db
    .updateTable('webhook')
    .set({ secret: to })
    .where('id', '=', id)
    .where('secret', '=', from)
    .execute();
}
