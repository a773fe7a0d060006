import type { AdditionalFeature } from './models/enums.ts';

/**
 * Every user-facing text of the product, verbatim from the specification.
 * Server and web import these; nothing retypes them.
 */
export const messages = {
  registerSuccess: 'Register Successful!',
  passwordChanged: 'Password changed!',
  checkInbox: 'Check your email inbox!',
  accountConfirmed: 'Account confirmed!',
  somethingWentWrong: 'Something went wrong',
  genericError: 'Oops...Something went wrong',
  editSuccess: 'Edit Success!',
  editError: 'Edit error!',
  passwordsMustMatch: 'Passwords must be the same',
  closeNotification: 'Close notification',
  suggestionAdded: 'Suggestion added',
  suggestionAddError: 'Error while adding suggestion',
  notANumber: 'Is not a number',
  playerLevelRange: (max: number) => `Use a level from 0 to ${max}`,
  suggestionNotAllowed: 'User is not admin or suggest mode is not activated',
  // Map texts that the specification leaves open; worded in the same voice.
  pathNeedsPoint: 'Place at least one point before saving',
  questObjectiveViaMarkerList:
    'Please use the right tab to suggest a quest objective. You will be able to pick directly from the quest objectives. Also you can suggest a new quest there at the end of the list.',
  gameMapNotFound: (id: string) => `Game map not found for id: ${id}`,
  parentTypeNotImplemented: (type: string, id: string) =>
    `Not implemented yet for parent type: ${type} and parent id: ${id}`,
  pageNotFound: 'This page could not be found',
  backToHome: 'Back to the home page',
  renderError: 'An error occurred while rendering the page...',
  gotLost: 'Got lost? Need a map?',
  loginToTrack: 'Login to track your progress!',
  registeredUserNeeded:
    'You need to be a registered user to unlock the suggestion tool! Please click the button to log in:',
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
  // Web texts that the specification leaves open; worded in the same voice.
  loggedOut: 'You are logged out',
  noSuchMap: (map: string, game: string) => `${game} has no map "${map}". Its maps:`,
  noSuchGame: (game: string) => `There is no game "${game}".`,
  errorPageUnreachable: 'The server could not be reached. Check your connection and try again.',
  openGame: (game: string) => `Open ${game}`,
  noGamesFound: 'No game matches your search',
  // Server answers that the specification leaves open; worded in the same voice.
  cancel: 'Cancel',
  undo: 'Undo',
  close: 'Close',
  // Suggesting content outside the map (specification §2.7, §2.8, §5).
  suggestEntry: 'Suggest ...',
  suggestNewCategory: 'Suggest new category',
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
