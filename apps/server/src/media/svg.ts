import { checkAspectRatio } from './aspect.ts';
import { MediaError } from './errors.ts';
import { getSharp } from './sharp.ts';

/**
 * SVG policy: an SVG is accepted only when it is inert (no scripts, event handlers, external
 * references, entities or embedded HTML), and it is then rasterized to PNG on upload. Only raster
 * files are ever stored and served, so a stored image can never run code in a visitor's browser.
 */
export function svgSafetyProblem(text: string): string | null {
  const checks: [RegExp, string][] = [
    [/<!DOCTYPE|<!ENTITY/i, 'document type declarations and entities are not allowed'],
    [/<\?xml-stylesheet/i, 'external style sheets are not allowed'],
    [/<\s*script\b/i, 'scripts are not allowed'],
    [
      /<\s*(foreignObject|iframe|embed|object|audio|video|canvas|handler|listener)\b/i,
      'embedded content is not allowed',
    ],
    [/\son[a-z-]+\s*=/i, 'event handler attributes are not allowed'],
    [/javascript\s*:|vbscript\s*:/i, 'script URLs are not allowed'],
    [/@import/i, 'style imports are not allowed'],
    // Filter effects (blur, lighting, turbulence…) can take minutes of CPU on a tiny file.
    [/<\s*(?:[\w-]+:)?(filter|fe[A-Za-z]+)\b|\bfilter\s*[=:]/i, 'filter effects are not allowed'],
  ];
  for (const [pattern, reason] of checks) if (pattern.test(text)) return reason;

  // Every reference must stay inside the document or be an embedded raster image.
  for (const m of text.matchAll(/\b(?:xlink:)?href\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))/gi)) {
    const value = (m[2] ?? m[3] ?? m[4] ?? '').trim();
    if (!isInternalReference(value)) return 'external references are not allowed';
  }
  for (const m of text.matchAll(/url\(\s*(['"]?)([^)'"]*)\1\s*\)/gi)) {
    if (!isInternalReference(m[2].trim())) return 'external references are not allowed';
  }
  return null;
}

function isInternalReference(value: string): boolean {
  return value.startsWith('#') || /^data:image\/(png|jpeg|gif|webp);base64,/i.test(value);
}

/** Long side of the raster made from an SVG: small icons are drawn larger so they stay sharp. */
const MIN_RASTER_PX = 512;
const MAX_RASTER_PX = 4096;

/** Checks an SVG and draws it to a PNG. Throws UNSAFE_SVG or CORRUPT_IMAGE. */
export async function rasterizeSvg(data: Buffer, maxInputPixels: number): Promise<Buffer> {
  const problem = svgSafetyProblem(data.toString('utf8'));
  if (problem) throw new MediaError('UNSAFE_SVG', `SVG refused: ${problem}`);
  const sharp = getSharp();
  try {
    const meta = await sharp(data, { limitInputPixels: maxInputPixels }).metadata();
    const long = Math.max(meta.width ?? 0, meta.height ?? 0);
    if (!long) throw new Error('the SVG has no size');
    checkAspectRatio(meta.width ?? 0, meta.height ?? 0);
    const target = Math.min(MAX_RASTER_PX, Math.max(long, MIN_RASTER_PX));
    const density = Math.min(72 * (target / long), 2400);
    return await sharp(data, { density, limitInputPixels: maxInputPixels }).png().toBuffer();
  } catch (error) {
    if (error instanceof MediaError) throw error;
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new MediaError('CORRUPT_IMAGE', `The SVG could not be drawn: ${message}`, { cause: error });
  }
}
