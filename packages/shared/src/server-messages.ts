/**
 * Answers of the server that the specification leaves open, worded in the same voice. Kept apart
 * from messages.ts, which every page loads: the pages show what the server sends.
 */
export const serverMessages = {
  unknownMiddleware: (name: string) => `Unknown middleware ${name}`,
  invalidCredentials: 'Wrong email or password',
  accountNotConfirmed: 'Please confirm your account first: check your email inbox!',
  usernameTaken: 'This username is already taken',
  emailTaken: 'This email is already registered',
  invalidOrExpiredLink: 'This link is invalid or has expired',
  wrongOldPassword: 'The old password is wrong',
  loginRequired: 'Please log in first',
  adminRequired: 'Only admins may do this',
  notFound: (what: string, id: string) => `${what} not found: ${id}`,
  objectiveOutOfRange: (count: number) =>
    count === 0 ? 'This quest has no objectives' : `Use an objective index from 0 to ${count - 1}`,
  notCompletable: (definition: string) => `${definition} cannot be marked as found`,
  alreadyExists: (what: string, id: string) => `${what} already exists: ${id}`,
  alreadySuggested: (what: string, id: string) =>
    `${what} ${id} is already suggested: vote or comment on that suggestion instead`,
  imageNotStaged: 'This image was not fetched when suggested: add it to the element again',
  tooManyRequests: 'Too many requests, please slow down',
  importMoves: (id: string, moves: string) =>
    `Accepting ${id} would move it (${moves}): accept it on its own with move=true to move it, or reject it`,
  tooManyFailedLogins: (minutes: number) =>
    `Too many failed logins for this account. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  tooManyRecoveryMails: (minutes: number) =>
    `Too many recovery e-mails were asked for this address. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  weakPassword:
    'This password is too common or too easy to guess. Use a longer one, for example a few unrelated words.',
  staleChunk: 'The markers of this map changed: read the map again',
  serverBusy: 'The server is busy, please try again in a few seconds',
  liveTicketInvalid: 'This live-update ticket is unknown, used or expired: ask for a new one',
  liveGameRequired: 'Name the game whose changes to follow (game=…), or open the stream with a ticket',
  liveTooManyStreams: 'Too many live-update streams are open for this account: close a tab or two',
  liveServerFull: 'This server has as many live-update streams open as it takes; try again shortly',
  payloadTooLarge: 'The request is too large',
  databaseUnavailable: 'The database is not reachable right now, please try again in a few seconds',
  databaseSlow: 'The database is answering too slowly right now, please try again in a few seconds',
  storageUnavailable:
    'The picture storage is not reachable right now; nothing was saved. Please try again in a few seconds',
  storageFull: 'The server has run out of storage space; nothing was saved. Please try again later',
  /** A value naming no record of its scope (a marker's level that its map does not have). */
  notInScope: (what: string, value: number, any: number, known: string) =>
    `${what} ${value} does not exist here: use ${any} (every one) or one of ${known}`,
  /** Another record has the same values of a set that is unique (a map's level number). */
  taken: (what: string, fields: string, id: string) => `Another ${what} has this ${fields}: ${id}`,
  /** A record still named by others cannot go or change its number (a floor with markers on it). */
  stillUsed: (what: string, name: string, by: string, count: number) =>
    `${what} ${name} still has ${by}s on it (${count}): move them elsewhere or delete them first`,
  levelPictureSize: (width: number, height: number, mapWidth: number, mapHeight: number) =>
    `A level's picture has the size of its map's picture: this one is ${width}×${height}, the map's ${mapWidth}×${mapHeight}`,
  hideoutLevelTooHigh: (module: string, max: number) =>
    max === 0 ? `${module} has no levels to build` : `${module} has levels 1 to ${max}: use 0 to ${max}`,
} as const;
