import type { AdditionalFeature } from './models/enums.ts';

/**
 * Every user-facing text of the product, verbatim from the specification.
 * Server and web import these; nothing retypes them.
 */
export const messages = {
  registerSuccess: 'Register Successful!',
  registerFailure: 'Register Failure!',
  passwordChanged: 'Password changed!',
  changePasswordFailure: 'Change password failure!',
  checkInbox: 'Check your email inbox!',
  accountConfirmed: 'Account confirmed!',
  somethingWentWrong: 'Something went wrong',
  genericError: 'Oops...Something went wrong',
  editSuccess: 'Edit Success!',
  editError: 'Edit error!',
  copySuccess: 'Copy Success!',
  copyError: 'Copy Error!',
  duplicateSuccess: 'Duplicate Success!',
  duplicateFailure: 'Duplicate Failure! Change the ID on the row to duplicate',
  parentUpdateSuccess: 'Parent update Success!',
  parentUpdateFailure: 'Parent update Failure!',
  saveAllSuccess: 'Save all Success!',
  saveAllError: 'Save all error!',
  deleteAllMarkedSuccess: 'Delete all marked Success!',
  deleteAllMarkedError: 'Delete all marked error!',
  bulkAddSuccess: 'Bulk add success!',
  bulkAddFailure: 'Bulk add failure!',
  passwordsMustMatch: 'Passwords must be the same',
  linkCopied: 'Link copied to clipboard',
  closeNotification: 'Close notification',
  suggestionAdded: 'Suggestion added',
  suggestionAddError: 'Error while adding suggestion',
  logging: 'Logging...',
  loggingSuccess: 'Logging Success!',
  loggingFailure: (error: string) => `Logging Failure! : ${error}`,
  notANumber: 'Is not a number',
  suggestionNotAllowed: 'User is not admin or suggest mode is not activated',
  // Map texts that the specification leaves open; worded in the same voice.
  pathNeedsPoint: 'Place at least one point before saving',
  showOnlyReported: 'Show only reported markers',
  activateSuggestions: 'Activate suggestions',
  markerAdded: 'Marker added',
  questObjectiveViaMarkerList:
    'Please use the right tab to suggest a quest objective. You will be able to pick directly from the quest objectives. Also you can suggest a new quest there at the end of the list.',
  gameMapNotFound: (id: string) => `Game map not found for id: ${id}`,
  parentTypeNotImplemented: (type: string, id: string) =>
    `Not implemented yet for parent type: ${type} and parent id: ${id}`,
  pageNotFound: 'This page could not be found',
  backToHome: 'Back to the home page',
  renderError: 'An error occurred while rendering the page...',
  gotLost: 'Got lost? Need a map?',
  deleteConfirm: (id: string) => `Are you sure to delete itemId: ${id}`,
  loginToTrack: 'Login to track your progress!',
  registeredUserNeeded:
    'You need to be a registered user to unlock the suggestion tool! Please click the button to log in:',
  enterEmail: 'Enter your email',
  clickToConfirm: 'Click to Confirm',
  searchPlaceholder: 'Search...',
  downloadFree: "Download Now - It's Free",
  openFullMap: 'Open the full map',
  itemsToKeep: 'Items To Keep',
  gameQuests: (game: string) => `${game} Quests`,
  gameInGame: (game: string) => `${game} In-Game`,
  byAuthor: (author: string) => `by ${author}`,
  homeTagline: 'Browse maps, loot maps, locations and hidden secrets',
  notFoundStatus: 'Error 404',
  tryAgain: 'Try again',
  resetProgress: 'Reset Progress',
  // Web texts that the specification leaves open; worded in the same voice.
  loggedOut: 'You are logged out',
  noSuchMap: (map: string, game: string) => `${game} has no map "${map}". Its maps:`,
  noSuchGame: (game: string) => `There is no game "${game}".`,
  errorPageUnreachable: 'The server could not be reached. Check your connection and try again.',
  openGame: (game: string) => `Open ${game}`,
  mapPageTitle: (map: string) => `${map} interactive map`,
  hideFound: 'Hide found',
  foundCount: (found: number, total: number) => `found ${found}/${total}`,
  copyMarkerLink: 'Copy link to this marker',
  progressReset: (game: string) => `Progress reset for ${game}`,
  resetProgressHint: (word: string) =>
    `Type ${word} to confirm. This removes your tracked progress for the game.`,
  registerCheckInbox: 'Check your email inbox to confirm your account, then log in.',
  noGamesFound: 'No game matches your search',
  // Server answers that the specification leaves open; worded in the same voice.
  cancel: 'Cancel',
  undo: 'Undo',
  close: 'Close',
  // Suggesting content outside the map (specification §2.7, §2.8, §5).
  suggestEntry: 'Suggest ...',
  suggestNewCategory: 'Suggest new category',
  suggestNewQuest: 'Suggest new quest!',
  // The installable, offline-capable app.
  offlineNotice: 'Offline — changes will be sent when you are back online',
  newVersionAvailable: 'A new version is available',
  reload: 'Reload',
} as const;

export type Messages = typeof messages;

/** Names of the per-game tools (additional features). */
export const toolLabels = {
  'tarkov-items-to-keep': messages.itemsToKeep,
  quests: 'Quests',
  schedule_I_mixing_calculator: 'Mixing Calculator',
  schedule_I_recipe_list: 'Recipe List',
  schedule_I_customers: 'Customers',
  schedule_I_items: 'Items',
  crafting: 'Crafting',
} as const satisfies Record<AdditionalFeature, string>;
