// Kept apart from messages.ts, which every page loads: only the pages that show these texts load them.

/**
 * The texts of the suggestion forms (specification §2.7, §5). The options are the specification's; the
 * rest it leaves open, worded in the same voice.
 */
export const suggestMessages = {
  suggestOptions: {
    GAME: 'New game',
    MAP: 'Map for game',
    CATEGORY: 'Category for game',
    QUEST: 'New quest',
  },
  suggestTitle: 'Suggest content',
  suggestWhat: 'What do you want to suggest?',
  suggestLoginPrompt:
    'You need to be a registered user to suggest content! Please click the button to log in:',
  suggestSubmit: 'Send suggestion',
  suggestIdLabel: 'Id',
  suggestIdHint: 'Made from the name',
  suggestFixErrors: (fields: string) => `Please check: ${fields}`,
  fieldRequired: 'Required',
  suggestFieldLabels: {
    gameId: 'Game',
    name: 'Name',
    categoryId: 'Category',
    preferredMap: 'Preferred map',
    description: 'Description',
    iconUrl: 'Icon URL',
    wrapperColor: 'Wrapper colour',
    innerColor: 'Inner colour',
    polygon: 'Polygon (an area instead of a pin)',
    polygonColor: 'Polygon colour',
  },
  chooseGame: 'Choose a game',
  chooseNone: 'None',
  login: 'Login',
  cancel: 'Cancel',
  voteForExisting: 'Vote for the open suggestion',
  votedForExisting: 'Your vote was added to the open suggestion',
} as const;
