import classes from './schedule.module.css';

/** Dark or light text, whichever reads better on the colour. */
function textOn(hex: string): string {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex);
  if (!m) return '#1a1b1e';
  const n = Number.parseInt(m[1]!, 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.18 ? '#1a1b1e' : '#ffffff';
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
  const background = colour || '#cccccc';
  return (
    <span
      className={size === 'sm' ? `${classes.chip} ${classes.chipSmall}` : classes.chip}
      style={{ background, color: textOn(background) }}
      data-testid="effect-chip"
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
