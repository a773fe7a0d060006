/**
 * Texts the map page itself shows or announces for keyboard and screen-reader use. They load with
 * the map route only (`messages.ts` loads with every page); the marker list's own texts load with
 * the list (`list-messages.ts`).
 */
export const mapMessages = {
  markerList: 'Marker list',
  markedFound: (name: string) => `Marked ${name} as found`,
  markedNotFound: (name: string) => `Marked ${name} as not found`,
  markersShown: (count: number) => `${count} ${count === 1 ? 'marker' : 'markers'} shown`,
  searchPlaceholder: 'Search markers, quests, items (/)',
  noMarkers: 'No markers on this map yet',
};
