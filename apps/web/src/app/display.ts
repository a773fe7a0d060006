import { useSyncExternalStore } from 'react';
import { contrastKey, highContrast, readStored } from '../../boot/display.ts';

// The colour scheme's readers too (color-scheme.ts): the page's head script applies both.
export { type ColorScheme, colorSchemeKey, computedColorScheme } from '../../boot/display.ts';

/**
 * Display options for players who need them: high contrast (stronger text, borders, focus rings and
 * marker outlines; on by default when the system asks for more contrast) and colour-blind-safe
 * marker colours. Both are stored in this browser.
 */
const safeColoursKey = 'waypoint-safe-colours';
const listeners = new Set<() => void>();
const moreContrast =
  typeof window === 'undefined' ? undefined : window.matchMedia?.('(prefers-contrast: more)');

function write(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private mode: the choice holds for this page view.
  }
}

export { highContrast };

export function safeMarkerColours(): boolean {
  return readStored(safeColoursKey) === 'on';
}

function apply() {
  if (highContrast()) document.documentElement.setAttribute('data-contrast', 'high');
  else document.documentElement.removeAttribute('data-contrast');
  for (const l of listeners) l();
}

export function setHighContrast(on: boolean) {
  write(contrastKey, on ? 'high' : 'normal');
  apply();
}

export function setSafeMarkerColours(on: boolean) {
  write(safeColoursKey, on ? 'on' : 'off');
  apply();
}

moreContrast?.addEventListener?.('change', apply);

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useHighContrast = () => useSyncExternalStore(subscribe, highContrast, () => false);
export const useSafeMarkerColours = () => useSyncExternalStore(subscribe, safeMarkerColours, () => false);
