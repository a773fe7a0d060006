import { messages } from '../../i18n/messages/messages.ts';

/** The map page in suggest mode showing only the suggested markers. */
export function suggestionsMapUrl(gameId: string, mapId: string): string {
  return `/game/${encodeURIComponent(gameId)}/maps/${encodeURIComponent(mapId)}?suggestMode=true&onlySuggestions=true`;
}

/**
 * Open Parent (SPEC §2.12, §8): a map parent opens in a new tab in suggest mode showing only
 * suggestions; a missing map or a parent of another type raises the specification's alerts.
 */
export function openParent(
  parent: { type: 'map'; id: string; gameId: string } | { type: string; id: string },
) {
  if (parent.type !== 'map') {
    window.alert(messages.parentTypeNotImplemented(parent.type, parent.id));
    return;
  }
  const gameId = 'gameId' in parent ? parent.gameId : '';
  if (!gameId) {
    window.alert(messages.gameMapNotFound(parent.id));
    return;
  }
  window.open(suggestionsMapUrl(gameId, parent.id), '_blank', 'noopener');
}
