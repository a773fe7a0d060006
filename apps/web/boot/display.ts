// The display choices a page applies before its first paint (head.ts) and the app keeps
// (src/app/color-scheme.ts, src/app/display.ts).

/** Light or dark: shared with Mantine's colour-scheme manager. */
export type ColorScheme = 'light' | 'dark';

export const colorSchemeKey = 'mantine-color-scheme-value';
export const contrastKey = 'waypoint-contrast';

export function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The stored choice, else the system's. */
export function computedColorScheme(): ColorScheme {
  const stored = readStored(colorSchemeKey);
  if (stored === 'light' || stored === 'dark') return stored;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** High contrast: the stored choice, else on when the system asks for more contrast. */
export function highContrast(): boolean {
  const stored = readStored(contrastKey);
  if (stored === 'high') return true;
  if (stored === 'normal') return false;
  return Boolean(window.matchMedia?.('(prefers-contrast: more)').matches);
}
