import {
  compileMixingData,
  type MixEffect,
  type MixIngredient,
  type MixingData,
  type MixProduct,
} from '@waypoint/shared/domain/mixing';
import type { MixingContent } from '@waypoint/shared/schedule-one/api';

/** The content in the shape the mixing rules take (records carry `_id`; the rules say `id`). */
export function toMixingData(content: MixingContent): MixingData {
  return compileMixingData(
    content.effects as unknown as MixEffect[],
    content.ingredients.map((i) => ({ ...i, id: i._id })) as unknown as MixIngredient[],
    content.products.map((p) => ({ ...p, id: p._id })) as unknown as MixProduct[],
  );
}
