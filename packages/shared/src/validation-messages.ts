// Kept apart from messages.ts: the API client and the server's error answers load these texts.

/**
 * How refused input is described to a person: the field's label and a plain sentence, never a
 * request path (`body.secret`) or the validation library's wording.
 */
export const validationMessages = {
  fieldProblem: (label: string, problem: string) => `${label}: ${problem}`,
  /** A field inside a list (its place counted from 1). */
  inEntry: (label: string, place: number) => `${label} (entry ${place})`,
  required: 'Fill this in',
  tooShort: (min: number) => `Use at least ${min} characters`,
  tooLong: (max: number) => `Use at most ${max} characters`,
  tooSmall: (min: number) => `Use a number of at least ${min}`,
  tooLarge: (max: number) => `Use a number of at most ${max}`,
  tooFew: (min: number) => `Give at least ${min}`,
  tooMany: (max: number) => `Give at most ${max}`,
  oneOf: (values: string) => `Choose one of: ${values}`,
  notText: 'Write text here',
  notNumber: 'Use a number',
  notYesNo: 'Choose yes or no',
  notList: 'Give a list',
  notWebAddress: 'Use a web address starting with http:// or https://',
  notEmail: 'Use an e-mail address',
  notDate: 'Use a date and time',
  badForm: 'This is not in the form expected here',
  unknownFields: (names: string) => `Not a field here: ${names}`,
  invalid: 'This value is not valid here',
  /** Labels of fields whose name alone reads badly; others are written out from their names. */
  labels: {
    secret: 'Secret',
    url: 'Address',
    events: 'Events',
    color: 'Colour',
    colour: 'Colour',
    name: 'Name',
    note: 'Note',
    x: 'Position across',
    y: 'Position down',
    level: 'Floor',
    archive: 'File',
    file: 'File',
    email: 'E-mail',
    password: 'Password',
    username: 'User name',
    comment: 'Comment',
    reason: 'Reason',
    gameId: 'Game',
    mapId: 'Map',
    markerDefinitionId: 'Marker type',
    features: 'Pins',
    geometry: 'Position',
    coordinates: 'Position',
    properties: 'Details',
  },
};
