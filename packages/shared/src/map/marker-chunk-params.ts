import { z } from 'zod';
import { zId } from '../models/fields.ts';

/**
 * Path parameters of `GET /api/map/{mapId}/markers/chunks/{n}` (marker-chunks.ts). Kept apart from the
 * chunk format, which the map page decodes: a schema built at module load keeps zod in every bundle
 * that imports its module.
 */
export const zChunkParams = z.object({
  mapId: zId,
  n: z.coerce.number().int().min(0).max(100_000),
});
