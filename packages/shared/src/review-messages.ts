// Kept apart from messages.ts, which every page loads: only the pages that show these texts load them.
import {
  type SuggestionAction,
  type SuggestionType,
  suggestionActions,
  suggestionTypes,
} from './models/enums.ts';

/**
 * The suggestion review page (specification §2.12). The button and header texts are the
 * specification's; the rest it leaves open, worded in the same voice.
 */
export const reviewMessages = {
  title: 'Suggestion review',
  suggestionType: (type: string) => `Suggestion type: ${type}`,
  userNameLabel: 'User name',
  userNamePlaceholder: 'Filter by user name',
  userCount: (username: string, count: number) =>
    `${username} has ${count} open suggestion${count === 1 ? '' : 's'}`,
  userUnknown: (username: string) => `No user named ${username}`,
  removeAllUserSuggestions: 'Remove all user suggestions',
  removedUserSuggestions: (username: string, count: number) =>
    `Removed ${count} suggestion${count === 1 ? '' : 's'} of ${username}`,
  showDataModel: 'Show Data Model',
  hideDataModel: 'Hide Data Model',
  approve: 'Approve',
  reject: 'Reject',
  showItems: 'Show Items',
  hideItems: 'Hide Items',
  approveAll: 'Approve All',
  rejectAll: 'Reject All',
  openParent: 'Open Parent',
  approveSelected: (count: number) => `Approve selected (${count})`,
  selectRow: (id: string) => `Select suggestion ${id}`,
  filterColumn: (column: string) => `Filter ${column}`,
  columnActions: 'actions',
  columnVotes: 'votes',
  netVotes: (up: number, down: number) => `${up} up, ${down} down`,
  authorRate: (accepted: number, decided: number, percent: number) =>
    `${accepted} of ${decided} accepted, ${percent} %`,
  authorNoDecisions: 'no decided suggestions yet',
  placedMarkersByMap: 'Placed-marker suggestions by map',
  mapColumn: 'map',
  addsColumn: 'additions',
  updatesColumn: 'updates',
  deletesColumn: 'removals',
  staleColumn: 'stale',
  stale: 'Stale',
  staleHint: 'The element was changed after this suggestion was made; review it again',
  noSuggestions: 'No open suggestions',
  approved: (count: number) => `Approved ${count} suggestion${count === 1 ? '' : 's'}`,
  rejected: (count: number) => `Rejected ${count} suggestion${count === 1 ? '' : 's'}`,
  decisionFailed: (reason: string) => `Decision undone: ${reason}`,
  history: 'History',
  revert: 'Revert',
  reverted: 'Suggestion reverted; it is open for review again',
  revertFailed: (reason: string) => `Revert refused: ${reason}`,
  noHistory: 'No decisions yet',
  decisionLabels: { accept: 'Approved', reject: 'Rejected', revert: 'Reverted' },
  diffTitle: 'Changes',
  fieldColumn: 'Field',
  storedColumn: 'Stored',
  suggestedColumn: 'Suggested',
  noChange: 'No field changes (images only)',
  newRecord: 'New record',
  removedRecord: 'Record to remove',
  mapPreview: 'Map preview',
  previewBefore: 'Now',
  previewAfter: 'Suggested',
  authorRecord: (accepted: number, rejected: number, open: number) =>
    `Author's record: ${accepted} accepted, ${rejected} rejected, ${open} open`,
  votes: (up: number, down: number) => `${up} upvotes, ${down} downvotes`,
  freshnessTitle: 'Freshness reports',
  noReports: 'No reports',
  keyboardHelp: 'Keys: j/k move, a approve, r reject, x select, Shift+A approve the selection',
  pageSize: 'Rows per page',
  tab: (type: string, count: number) => `${type} (${count})`,
  /** Suggestion types as the tabs and badges name them. */
  typeLabels: Object.fromEntries(suggestionTypes.map((t) => [t, t])) as Record<SuggestionType, string>,
  actionLabels: Object.fromEntries(suggestionActions.map((a) => [a, a])) as Record<SuggestionAction, string>,
  /** Column titles of the type tables, each with its filter box. */
  columns: { _id: '_id', username: 'username', status: 'status', action: 'action', parentId: 'parentId' },
  historyColumns: {
    at: 'At',
    by: 'by',
    decision: 'Decision',
    id: '_id',
    type: 'type',
    action: 'action',
    username: 'username',
    targetId: 'targetId',
  },
  before: 'before',
  after: 'after',
  previewPosition: (label: string, lat: string, lng: string) => `${label}: ${lat}, ${lng}`,
  // Server answers.
  revertNotAccepted: 'Only an accepted suggestion can be reverted',
  revertNothing: 'This decision changed no field that could be reverted',
  revertChanged: (label: string, id: string) =>
    `${label} ${id} was changed after this suggestion was accepted; a revert would lose that change`,
  revertRecreated: (label: string, id: string) => `${label} ${id} exists again; a revert would replace it`,
  revertChildren: (label: string) =>
    `Removing this ${label} also removed its children, which a revert cannot bring back`,
} as const;
