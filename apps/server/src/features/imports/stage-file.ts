import { getModel, type ModelKey } from '@waypoint/shared';
import { formatOfFileName } from '@waypoint/shared/interop/format';
import { modelFileFormats } from '@waypoint/shared/interop/formats';
import { inTransaction } from '../../db/database.ts';
import type { ModelRecord } from '../../db/rows.ts';
import { badRequest } from '../../http/errors.ts';
import { type Actor, recordAudit } from '../audit/audit.ts';
import { withDerived, withoutReadOnly } from '../models/models.service.ts';
import { type ImportProblem, recordFileReaders } from './record-files.ts';
import { writeStagedRows } from './staged-records.repository.ts';
import { type StagingContext, stagedRowsOf } from './staging.ts';

export type { ImportProblem } from './record-files.ts';

export interface StageResult {
  model: string;
  staged: number;
  problems: ImportProblem[];
}

/** The format of a model's import file, by its name's ending (a 400 naming the endings read otherwise). */
export function modelFileFormatOf(fileName: string) {
  const format = formatOfFileName(fileName, modelFileFormats);
  if (format) return format;
  const endings = modelFileFormats.flatMap((f) => f.extensions).join(' or ');
  throw badRequest(`Invalid body.fileName: use a ${endings} file`, [
    { field: 'body.fileName', message: `Use a ${endings} file` },
  ]);
}

/**
 * Parses an import file and checks each record with the model's registry schema. The valid ones are
 * staged as imported models (replacing an earlier staged version of the same record) without
 * touching live data; the others are reported by line and field.
 */
export async function stageImport(
  ctx: StagingContext,
  key: ModelKey,
  fileName: string,
  content: string,
  actor: Actor,
): Promise<StageResult> {
  const model = getModel(key);
  const read = recordFileReaders[modelFileFormatOf(fileName).id](model, content);
  const problems = [...read.problems];
  const staged = new Map<string, ModelRecord>();
  for (const { line, value } of read.records) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      problems.push({ line, field: '', message: 'Not a JSON object' });
      continue;
    }
    const unknown = Object.keys(value).filter((name) => !(name in model.fields) && name !== 'images');
    if (unknown.length > 0) {
      for (const name of unknown)
        problems.push({ line, field: name, message: `Not a field of ${model.label}` });
      continue;
    }
    const { images: _images, ...fields } = value as Record<string, unknown>;
    const result = model.schema.safeParse(withoutReadOnly(model, fields));
    if (!result.success) {
      for (const issue of result.error.issues)
        problems.push({ line, field: issue.path.map(String).join('.'), message: issue.message });
      continue;
    }
    // Staged as the write would store it: a quest file naming only `previous` stages its `requires` too.
    const record = withDerived(model, result.data as ModelRecord);
    staged.set(String(record._id), record);
  }
  const rows = stagedRowsOf(key, [...staged.values()]);
  await inTransaction(ctx.db, async (trx) => {
    await writeStagedRows(trx, rows);
    await recordAudit(trx, {
      actor,
      model: 'importedcrudmodel',
      recordId: key,
      action: 'import',
      after: { file: fileName, staged: rows.length, problems: problems.length },
    });
  });
  ctx.cacheBus.changed();
  return { model: key, staged: rows.length, problems };
}
