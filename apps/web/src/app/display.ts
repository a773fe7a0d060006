import { useSyncExternalStore } from 'react';

/**
 * Display options for players who need them: high contrast (stronger text, borders, focus rings and
 * marker outlines; on by default when the system asks for more contrast) and colour-blind-safe
 * marker colours. Both are stored in this browser.
 */
const contrastKey = 'waypoint-contrast';
const safeColoursKey = 'waypoint-safe-colours';
const listeners = new Set<() => void>();
const moreContrast =
  typeof window === 'undefined' ? undefined : window.matchMedia?.('(prefers-contrast: more)');

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private mode: the choice holds for this page view.
  }
}

export function highContrast(): boolean {
  const stored = read(contrastKey);
  if (stored === 'high') return true;
  if (stored === 'normal') return false;
  return Boolean(moreContrast?.matches);
}

export function safeMarkerColours(): boolean {
  return read(safeColoursKey) === 'on';
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
