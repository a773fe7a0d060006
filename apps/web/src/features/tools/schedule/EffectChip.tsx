import { contentLang } from '../../../i18n/content.ts';
import classes from './schedule.module.css';

const TEXT = '#1a1b1e';

function luminance(rgb: readonly number[]): number {
  const [r, g, b] = rgb.map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * The chip's background: the game's colour, lightened just enough for dark text to keep a 4.5:1
 * contrast (small text), so every effect stays readable and recognisable in both themes.
 */
function readableBackground(hex: string): string {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex);
  if (!m) return '#cccccc';
  const n = Number.parseInt(m[1]!, 16);
  const base = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  const text = luminance([0x1a, 0x1b, 0x1e]);
  for (let mixIn = 0; mixIn <= 1; mixIn += 0.05) {
    const rgb = base.map((v) => Math.round(v + (255 - v) * mixIn));
    if ((luminance(rgb) + 0.05) / (text + 0.05) >= 4.6) return `rgb(${rgb.join(' ')})`;
  }
  return '#ffffff';
}

/** An effect in the game's label colour. */
export function EffectChip({
  name,
  colour,
  size = 'md',
}: {
  name: string;
  colour?: string;
  size?: 'sm' | 'md';
}) {
  return (
    <span
      className={size === 'sm' ? `${classes.chip} ${classes.chipSmall}` : classes.chip}
      style={{ background: readableBackground(colour || '#cccccc'), color: TEXT }}
      data-testid="effect-chip"
      lang={contentLang}
    >
      {name}
    </span>
  );
}

export function EffectChips({
  effects,
  colours,
  size,
}: {
  effects: readonly string[];
  colours: Map<string, string>;
  size?: 'sm' | 'md';
}) {
  return (
    <span className={classes.chips}>
      {effects.map((e) => (
        <EffectChip key={e} name={e} colour={colours.get(e.toLowerCase())} size={size} />
      ))}
    </span>
  );
}
