/** What suggest mode adds to the map page, loaded when suggest mode is first wanted. */
export { mergeSuggestions, suggestionAuthors } from '@waypoint/shared/map/suggested-markers';
export { AuthorsPanel } from './AuthorsPanel.tsx';
export { SuggestToolsPanel } from './SuggestToolsPanel.tsx';
