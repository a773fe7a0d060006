import type { TImages } from '@waypoint/shared/models/define';
import { config } from '../app/config.ts';

type Model = 'game' | 'category' | 'map' | 'item' | 'markerdefinition' | 'placedmarker' | 'trader';

/** URL of an uploaded image, or undefined when the record has none. */
export function imageUrl(model: Model, id: string, field: string, images: TImages | undefined) {
  const img = images?.[field];
  if (!img?.fileName) return undefined;
  const v = img.version ? `?v=${encodeURIComponent(img.version)}` : '';
  return `${config.imageHost}/uploads/${model}/${encodeURIComponent(id)}/${field}/${encodeURIComponent(img.fileName)}${v}`;
}

/** URL of a thumbnail (`size` such as `150x150` or `h128`), or undefined when there is no image. */
export function thumbUrl(model: Model, id: string, field: string, size: string, images: TImages | undefined) {
  const img = images?.[field];
  if (!img?.fileName) return undefined;
  const v = img.version ? `?v=${encodeURIComponent(img.version)}` : '';
  return `${config.imageHost}/thumbs/${model}/${encodeURIComponent(id)}/${field}/${size}/${encodeURIComponent(img.fileName)}${v}`;
}
