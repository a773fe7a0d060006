/**
 * Texts of the map's editing tools, marker freshness and suggestion discussion, which the
 * specification leaves open; worded in the same voice. Kept apart from messages.ts, which every page
 * loads: only the editing tools, popups and the review page load these.
 */
export const editingMessages = {
  polygonActions: 'Polygon Actions',
  routeActions: 'Route Actions',
  startPlacingPoints: 'Start placing the points of the polygon by clicking on the map',
  removeLastCorner: 'Remove Last Corner',
  editingMarker: 'Editing marker',
  nothingToSave: 'Nothing to save: no field was changed',
  imageUrlInvalid: 'Use an http:// or https:// image address',
  neverConfirmed: 'Never confirmed',
  confirmedDaysAgo: (days: number) =>
    days <= 0 ? 'Confirmed today' : days === 1 ? 'Confirmed yesterday' : `Confirmed ${days} days ago`,
  stillHere: 'Still here',
  reportGone: 'Gone',
  reportMoved: 'Moved',
  reportedBy: (count: number) =>
    `Reported gone or moved by ${count} player${count === 1 ? '' : 's'} since the last confirmation`,
  reportThanks: 'Thanks! Your report was sent',
  freshnessLogin: 'Log in to confirm or report this marker',
  upvote: 'Upvote',
  downvote: 'Downvote',
  comments: 'Comments',
  noComments: 'No comments yet',
  addComment: 'Add a comment',
  sendComment: 'Send',
  cartographer: (name: string) => `Cartographer: ${name}`,
  deactivateSuggestions: 'Deactivate suggestions',
  showOnlySuggested: 'Show only suggested markers',
  showAllMarkers: 'Show all markers',
  placingHint: (name: string) => `Click on the map to place: ${name}`,
  objectiveHint: (objective: string) => `Click on the map to place the objective: ${objective}`,
  moveHint: 'Drag a suggested marker to its new place',
  deleteHint: 'Click a marker to suggest its removal',
  editHint: 'Click a marker to edit it',
  acceptHint: 'Click a suggested marker to accept it',
  suggestionAuthors: 'Suggestion authors',
  showOnlyThisUser: 'Show only this users',
  acceptAll: 'Accept All',
  rejectAll: 'Reject All',
  noOpenSuggestions: 'No open suggestions on this map',
} as const;
