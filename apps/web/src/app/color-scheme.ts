import { useSyncExternalStore } from 'react';

/** Light or dark: the stored choice, else the system's. Shared with Mantine's colour-scheme manager. */
export type ColorScheme = 'light' | 'dark';
type Stored = ColorScheme | 'auto';

const key = 'mantine-color-scheme-value';
const listeners = new Set<() => void>();
const media = typeof window === 'undefined' ? undefined : window.matchMedia('(prefers-color-scheme: dark)');

export function storedColorScheme(): Stored {
  try {
    const v = localStorage.getItem(key);
    return v === 'light' || v === 'dark' ? v : 'auto';
  } catch {
    return 'auto';
  }
}

export function computedColorScheme(): ColorScheme {
  const stored = storedColorScheme();
  if (stored !== 'auto') return stored;
  return media?.matches ? 'dark' : 'light';
}

function apply() {
  document.documentElement.setAttribute('data-mantine-color-scheme', computedColorScheme());
  for (const l of listeners) l();
}

export function setColorScheme(value: Stored) {
  try {
    if (value === 'auto') localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Private mode: the choice holds for this page view.
  }
  apply();
}

media?.addEventListener('change', apply);

export function subscribeColorScheme(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useColorScheme(): ColorScheme {
  return useSyncExternalStore(subscribeColorScheme, computedColorScheme, () => 'light');
}
