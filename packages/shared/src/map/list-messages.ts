/**
 * Texts of the map's marker list and auto route. They load with the list panel, not with the map:
 * the map's own announcements (marked as found, markers shown) are in `messages.ts`.
 */
export const listMessages = {
  listTitle: 'Markers in view',
  listLabel: 'Markers in view: arrows move, Enter opens, Space marks found',
  closeList: 'Close marker list',
  listEmpty: 'No markers in view. Move the map or turn markers on in the markers panel.',
  listCount: (count: number) => `${count} ${count === 1 ? 'marker' : 'markers'}`,
  found: 'found',
  notFound: 'not found',
  loginToTrack: 'Log in to mark markers as found',
  notCompletable: (name: string) => `${name} cannot be marked as found`,
  route: 'Route through what is left',
  routeScope: 'Route through',
  routeInView: 'Markers in view',
  routeWholeMap: 'The whole map',
  routeStart: 'Start',
  routeStartCentre: 'Map centre',
  routeStartPick: 'Pick a point on the map',
  routeStartPicked: 'The point picked',
  routePickHint: 'Click on the map where the route starts',
  routeClear: 'Clear route',
  routeComputing: 'Planning the route…',
  routeNothingLeft: 'Nothing left to visit here',
  routeSummary: (stops: number, length: number) =>
    `${stops} ${stops === 1 ? 'stop' : 'stops'}, ${Math.round(length).toLocaleString('en')} map units`,
  routeCapped: (stops: number, left: number) => `The nearest ${stops} of ${left} markers left`,
  routeAnnounce: (stops: number, length: number) =>
    `Route planned: ${stops} ${stops === 1 ? 'stop' : 'stops'}, ${Math.round(length).toLocaleString('en')} map units`,
  routeCleared: 'Route cleared',
};
