import { useSyncExternalStore } from 'react';

import { type ColorScheme, computedColorScheme, colorSchemeKey as key } from './display.ts';

export { type ColorScheme, computedColorScheme };

type Stored = ColorScheme | 'auto';

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
