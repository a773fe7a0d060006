// Kept apart from messages.ts, which every page loads: only the admin's webhook section loads these texts.

/** A game's outgoing webhooks: the admin page's section, the refusals and the texts sent to channels. */
export const webhookMessages = {
  title: 'Webhooks',
  intro:
    'Send this game’s community events to another service (a Discord channel, a bot). Each request is signed with the secret.',
  none: 'No webhooks yet.',
  add: 'Add webhook',
  edit: 'Edit',
  save: 'Save',
  cancel: 'Cancel',
  remove: 'Delete',
  removeConfirm: (url: string) => `Delete the webhook to ${url}? Its waiting deliveries are dropped.`,
  sendTest: 'Send a test event',
  testSent: 'Test event sent',
  testFailed: (error: string) => `The test event failed: ${error}`,
  url: 'URL',
  secret: 'Secret',
  secretKeep: 'Leave empty to keep the current secret',
  secretHint: (hint: string) => `Secret ends in …${hint}`,
  events: 'Events',
  format: 'Format',
  enabled: 'Enabled',
  disabled: 'Disabled',
  formatDiscord: 'Discord (content and embeds)',
  formatJson: 'Plain JSON',
  eventSuggestionCreated: 'New suggestion',
  eventSuggestionDecided: 'Decision on a suggestion',
  eventContentChanged: 'Content change',
  eventCommentCreated: 'New comment',
  eventTest: 'Test event',
  recent: 'Last deliveries',
  noDeliveries: 'Nothing sent yet.',
  pending: (count: number) => `${count} waiting`,
  stateDelivered: 'delivered',
  statePending: 'waiting',
  stateFailed: 'failed',
  attempts: (count: number) => `${count} attempts`,
  httpStatus: (status: number) => `HTTP ${status}`,
  saved: 'Webhook saved',
  removed: 'Webhook deleted',
  // Refusals (400 naming the field).
  urlInvalid: 'Use an http:// or https:// address without a user name or password',
  urlRefused: (reason: string) => `This address may not be reached from the server (${reason})`,
  eventsRequired: 'Choose at least one event',
  secretLength: (min: number, max: number) => `Use ${min} to ${max} characters`,
  // A delivery's error when the stored secret was sealed with a key the site no longer has.
  secretUnreadable: 'The secret cannot be read with this site’s key: set the secret again',
  // What a Discord-format delivery says in its channel.
  discordSuggestionCreated: (user: string, type: string, action: string) =>
    `New suggestion by ${user}: ${action} ${type}`,
  discordSuggestionDecided: (status: string, type: string, by: string) =>
    `Suggestion ${status} (${type}) by ${by}`,
  discordContentChanged: (action: string, model: string, id: string) => `${model} ${id} ${action}`,
  discordContentChangedMany: (count: number, action: string, model: string) =>
    `${count} ${model} records ${action}`,
  discordCommentCreated: (user: string) => `New comment by ${user}`,
  discordTest: 'Test event from Waypoint: this webhook works.',
};
