import type { ContentSuggestionType } from '@waypoint/shared/suggestions/content-form';
import { useSyncExternalStore } from 'react';

/** What the suggest modal opens with: the form, and the game (and category) already chosen. */
export interface SuggestPreset {
  type: ContentSuggestionType;
  gameId?: string;
  categoryId?: string;
}

const listeners = new Set<() => void>();
let current: SuggestPreset | null = null;

function notify() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Opens the suggest modal from anywhere (the bar's 'Suggest ...' entries, the map panels). The modal
 * and the component kit load on the first use only.
 */
export function openSuggestModal(preset: SuggestPreset) {
  current = { ...preset };
  notify();
}

export function closeSuggestModal() {
  current = null;
  notify();
}

export function useSuggestPreset(): SuggestPreset | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
