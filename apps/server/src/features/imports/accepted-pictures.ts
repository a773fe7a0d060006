import type { Actor } from '../audit/audit.ts';
import type { ImageService } from '../images/images.service.ts';
import type { AcceptedPicture } from './review.ts';

/**
 * Moves accepted records' staged pictures onto them, then queues the cutting of tiles for a map's
 * or floor's new picture (as an upload in the admin panel does).
 */
export async function attachAcceptedPictures(
  images: {
    service: Pick<ImageService, 'attachStaged'>;
    processor: {
      enqueue(mapId: string, gameId: string, actor: Actor): Promise<unknown>;
      enqueueLevel(levelId: string, actor: Actor): Promise<unknown>;
    };
  },
  accepted: AcceptedPicture[],
  actor: Actor,
) {
  for (const p of accepted) {
    const record = await images.service.attachStaged(p.model, p.id, p.field, p.image, actor);
    if (p.model === 'map') await images.processor.enqueue(p.id, String(record.gameId), actor);
    if (p.model === 'maplevel') await images.processor.enqueueLevel(p.id, actor);
  }
}
