/**
 * Colour-blind-safe marker colours (a display option of the map): each marker colour becomes the
 * perceptually nearest colour (CIEDE2000) of the Okabe–Ito palette, whose eight colours stay apart for
 * the common colour-vision deficiencies. A red stays red-ish, a blue blue-ish, so the meaning of a
 * category's colour survives; what changes is that neighbours no longer rely on red against green.
 */
import {
  converter,
  differenceCiede2000,
  modeLab65,
  modeOklch,
  modeRgb,
  nearest,
  parse,
  useMode,
} from 'culori/fn';

useMode(modeRgb);
useMode(modeLab65);
useMode(modeOklch);
const oklch = converter('oklch');

export const safePalette = [
  '#E69F00', // orange
  '#56B4E9', // sky blue
  '#009E73', // bluish green
  '#F0E442', // yellow
  '#0072B2', // blue
  '#D55E00', // vermillion
  '#CC79A7', // reddish purple
  '#000000', // black
] as const;

const pick = nearest([...safePalette], differenceCiede2000());

/**
 * The palette colour nearest to a CSS colour. Greys, white and black (no hue to confuse) stay as they
 * are, and so does a colour that cannot be read.
 */
export function safeColour(colour: string): string {
  const parsed = colour ? parse(colour) : undefined;
  if (!parsed || (oklch(parsed)?.c ?? 0) < 0.04) return colour;
  return pick(colour, 1)[0] ?? colour;
}
