import { getModel, type ModelKey, serverMessages } from '@waypoint/shared';
import { InteropError } from '@waypoint/shared/interop/format';
import { copyId } from '@waypoint/shared/interop/ownership';
import { readTarkovDev, type TarkovDevImport } from '@waypoint/shared/interop/tarkov-dev';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import type { Actor } from '../audit/audit.ts';
import { checkRecords, interopBadRequest, type StagedSummary, stageChecked } from '../imports/staging.ts';
import { findRecord, findRecordsBy, findRecordsByIds } from '../models/models.repository.ts';

type Ctx = Pick<AppContext, 'db'> & { cacheBus: { changed(): void } };

/** Staging order: what a record refers to comes first (traders before quests, quests before items). */
const tarkovModels = ['trader', 'hideoutmodule', 'quest', 'item'] as const satisfies readonly ModelKey[];

export type TarkovStageResult = StagedSummary & {
  notes: TarkovDevImport['notes'];
  /** Tasks, stations and records not staged, each problem named by record and field (the rest is). */
  skipped: TarkovDevImport['skipped'];
};

/**
 * Reads a tarkov.dev answer into a game and stages what differs from the stored records for the
 * import review; what this source brought before and no longer has is staged as gone. A task,
 * station or record with a problem is listed and skipped, the rest staged; an answer that is not
 * one stages nothing (a 400).
 */
export async function stageTarkovDev(
  ctx: Ctx,
  input: { gameId: string; content: string; source: string },
  actor: Actor,
): Promise<TarkovStageResult> {
  const game = await findRecord(ctx.db.kysely, getModel('game'), input.gameId);
  if (!game) throw notFound(serverMessages.notFound('Game', input.gameId));
  const categories = await findRecordsBy(ctx.db.kysely, getModel('category'), 'gameId', input.gameId);
  let read: TarkovDevImport;
  try {
    read = readTarkovDev(input.content, {
      gameId: input.gameId,
      source: input.source,
      regions: categories.map((c) => String(c.name)),
    });
  } catch (error) {
    if (error instanceof InteropError) interopBadRequest(error);
    throw error;
  }
  // A record the registry refuses is skipped like a bad task; what named it forgets it.
  const { checked, problems } = checkRecords(tarkovModels, read.records);
  const refused = new Set(problems.map((p) => p.record));
  const dropped = new Set<string>();
  const refusedIds = new Set<string>();
  for (const key of tarkovModels) {
    const kept = (checked[key] ?? []).filter((r) => !refused.has(`${key} ${r._id}`));
    for (const r of read.records[key])
      if (refused.has(`${key} ${r._id}`)) {
        dropped.add(String(r._id));
        refusedIds.add(String(r._id));
      }
    checked[key] = kept;
  }
  // Skipped tasks stay required by the quests that name them only where the game has them already.
  // (its own record, or its copy in this game).
  const here = new Map<string, string>();
  const candidates = read.skippedIds.flatMap((id) => [id, copyId(id, input.gameId)]);
  const stored = await findRecordsByIds(ctx.db.kysely, getModel('quest'), candidates);
  for (const id of read.skippedIds) {
    const own = [id, copyId(id, input.gameId)].find((c) => stored.get(c)?.gameId === input.gameId);
    if (own) here.set(id, own);
    else dropped.add(id);
  }
  for (const quest of checked.quest ?? []) {
    const requires = quest.requires as string[] | undefined;
    if (requires?.some((id) => here.has(id))) quest.requires = requires.map((id) => here.get(id) ?? id);
    if (quest.previous && here.has(String(quest.previous))) quest.previous = here.get(String(quest.previous));
  }
  if (dropped.size > 0) {
    for (const quest of checked.quest ?? []) {
      const requires = (quest.requires as string[] | undefined)?.filter((id) => !dropped.has(id));
      if (requires) quest.requires = requires;
      if (quest.previous && dropped.has(String(quest.previous))) quest.previous = requires?.[0] ?? '';
      if (quest.traderId && dropped.has(String(quest.traderId))) quest.traderId = '';
    }
    for (const item of checked.item ?? [])
      item.required = ((item.required as Record<string, unknown>[] | undefined) ?? []).filter(
        (need) =>
          !dropped.has(String(need.questId ?? '')) &&
          !dropped.has(
            String((need.hideoutModuleLevel as { moduleId?: string } | undefined)?.moduleId ?? ''),
          ),
      );
  }
  const result = await stageChecked(
    ctx,
    {
      models: tarkovModels,
      checked,
      source: input.source,
      scope: input.gameId,
      goneModels: tarkovModels,
      notGone: new Set([...read.skippedIds, ...refusedIds]),
      audit: { recordId: input.gameId, format: 'tarkov-dev' },
    },
    actor,
  );
  return { ...result, notes: read.notes, skipped: [...read.skipped, ...problems] };
}
