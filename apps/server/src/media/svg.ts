import { ident, string, tokenize, tokenTypes, url } from 'css-tree';
import { SaxesParser } from 'saxes';
import { checkAspectRatio } from './aspect.ts';
import { MediaError } from './errors.ts';
import { getSharp } from './sharp.ts';

/** Elements that run code, embed other documents, or (filters) can take minutes of CPU to draw. */
const refusedElements: [RegExp, string][] = [
  [/^script$/i, 'scripts are not allowed'],
  [
    /^(foreignobject|iframe|embed|object|audio|video|canvas|handler|listener)$/i,
    'embedded content is not allowed',
  ],
  [/^(filter|fe[a-z]+)$/i, 'filter effects are not allowed'],
];

/** CSS functions that load what their argument names. */
const loadingFunctions = new Set(['url', 'src']);

/**
 * The first problem of CSS text (a style sheet, a `style` attribute or an attribute value), read with
 * a CSS tokenizer, so escapes (`fil\74 er`, `\75 rl(`) are seen as what they stand for.
 */
function cssProblem(css: string, checkFilter: boolean): string | null {
  const tokens: { type: number; text: string }[] = [];
  tokenize(css, (type, start, end) => {
    if (type !== tokenTypes.WhiteSpace && type !== tokenTypes.Comment) {
      tokens.push({ type, text: css.slice(start, end) });
    }
  });
  for (let i = 0; i < tokens.length; i++) {
    const { type, text } = tokens[i]!;
    if (type === tokenTypes.Url) {
      if (!isInternalReference(url.decode(text).trim())) return 'external references are not allowed';
    } else if (type === tokenTypes.BadUrl || type === tokenTypes.BadString) {
      return 'malformed style';
    } else if (type === tokenTypes.Function) {
      const name = ident.decode(text.slice(0, -1)).toLowerCase();
      if (!loadingFunctions.has(name)) continue;
      // Only `url("#id")` (one string, inside the document) may follow.
      const arg = tokens[i + 1];
      const close = tokens[i + 2];
      if (
        arg?.type !== tokenTypes.String ||
        close?.type !== tokenTypes.RightParenthesis ||
        !isInternalReference(string.decode(arg.text).trim())
      ) {
        return 'external references are not allowed';
      }
    } else if (type === tokenTypes.AtKeyword) {
      if (ident.decode(text.slice(1)).toLowerCase() === 'import') return 'style imports are not allowed';
    } else if (type === tokenTypes.Ident && checkFilter) {
      if (ident.decode(text).toLowerCase() === 'filter') return 'filter effects are not allowed';
    }
  }
  return null;
}

/**
 * SVG policy: an SVG is accepted only when it is inert (no scripts, event handlers, external
 * references, entities or embedded HTML) and free of filter effects, and it is then rasterized to PNG
 * on upload. Only raster files are ever stored and served, so a stored image can never run code in a
 * visitor's browser. The file is read with an XML parser (names as the renderer sees them, whatever
 * the namespace prefix) and its CSS with a CSS tokenizer; what either cannot read is refused.
 */
export function svgSafetyProblem(text: string): string | null {
  let problem: string | null = null;
  const refuse = (reason: string) => {
    problem ??= reason;
  };
  const parser = new SaxesParser({ xmlns: true, position: false });
  let inStyle = 0;
  parser.on('error', () => refuse('the SVG is not well-formed XML'));
  parser.on('doctype', () => refuse('document type declarations and entities are not allowed'));
  parser.on('processinginstruction', () => refuse('processing instructions are not allowed'));
  parser.on('opentag', (tag) => {
    const local = tag.local ?? tag.name;
    for (const [pattern, reason] of refusedElements) if (pattern.test(local)) refuse(reason);
    if (local.toLowerCase() === 'style') inStyle++;
    for (const attribute of Object.values(tag.attributes)) {
      const name = (attribute.local ?? attribute.name).toLowerCase();
      const value = attribute.value;
      if (attribute.prefix === 'xmlns' || attribute.name === 'xmlns') continue;
      if (name.startsWith('on')) refuse('event handler attributes are not allowed');
      else if (name === 'filter') refuse('filter effects are not allowed');
      else if (name === 'href' || name === 'src') {
        if (!isInternalReference(value.trim())) refuse('external references are not allowed');
      } else if (/javascript\s*:|vbscript\s*:/i.test(value)) refuse('script URLs are not allowed');
      else {
        const css = cssProblem(value, name === 'style');
        if (css) refuse(css);
      }
    }
  });
  parser.on('closetag', (tag) => {
    if ((tag.local ?? tag.name).toLowerCase() === 'style') inStyle--;
  });
  const styleText = (css: string) => {
    if (inStyle <= 0) return;
    const found = cssProblem(css, true);
    if (found) refuse(found);
  };
  parser.on('text', styleText);
  parser.on('cdata', styleText);
  try {
    parser.write(text).close();
  } catch {
    refuse('the SVG is not well-formed XML');
  }
  return problem;
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
