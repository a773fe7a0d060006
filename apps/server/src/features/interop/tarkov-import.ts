import { getModel, type ModelKey, serverMessages } from '@waypoint/shared';
import { InteropError } from '@waypoint/shared/interop/datamaps';
import { readTarkovDev, type TarkovDevImport } from '@waypoint/shared/interop/tarkov-dev';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import type { Actor } from '../audit/audit.ts';
import { findRecord, findRecordsBy } from '../models/models.repository.ts';
import { interopBadRequest, type StagedSummary, stageRecords } from './content-import.ts';

type Ctx = Pick<AppContext, 'db'> & { cacheBus: { changed(): void } };

/** Staging order: what a record refers to comes first (traders before quests, quests before items). */
const tarkovModels = ['trader', 'hideoutmodule', 'quest', 'item'] as const satisfies readonly ModelKey[];

export type TarkovStageResult = StagedSummary & { notes: TarkovDevImport['notes'] };

/**
 * Reads a tarkov.dev answer into a game and stages what differs from the stored records for the
 * import review; what this source brought before and no longer has is staged as gone. Bad input
 * stages nothing: a 400 names each task or station and field.
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
  const result = await stageRecords(
    ctx,
    {
      models: tarkovModels,
      records: read.records,
      source: input.source,
      scope: input.gameId,
      goneModels: tarkovModels,
      audit: { recordId: input.gameId, format: 'tarkov-dev' },
    },
    actor,
  );
  return { ...result, notes: read.notes };
}
