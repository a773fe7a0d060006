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

/** A picture with its 2× variant for screens of high pixel density (`srcset`). */
export interface ThumbSource {
  src: string;
  srcSet?: string;
}

/** The thumbnail variant at twice the size, made next to each 1× variant. */
const doubled: Record<string, string> = { '150x150': '300x300', h128: 'h256' };

/**
 * A thumbnail with its 2× variant, or undefined when there is no image. Pictures stored before the
 * 2× variants existed have none: `Thumbnail` then falls back to the 1× picture alone.
 */
export function thumbSource(
  model: Model,
  id: string,
  field: string,
  size: string,
  images: TImages | undefined,
): ThumbSource | undefined {
  const src = thumbUrl(model, id, field, size, images);
  if (!src) return undefined;
  const twice = doubled[size] ? thumbUrl(model, id, field, doubled[size], images) : undefined;
  return { src, srcSet: twice ? `${src} 1x, ${twice} 2x` : undefined };
}
