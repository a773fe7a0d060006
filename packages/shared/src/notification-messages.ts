// Kept apart from messages.ts, which every page loads: only the bell's lazy code, the profile page and
// the server's digest mail load these texts.

/** The notification bell and list, the e-mail opt-in and the digest mail. */
export const notificationMessages = {
  bell: 'Notifications',
  bellUnread: (count: number) => `Notifications, ${count} unread`,
  title: 'Notifications',
  empty: 'Nothing new. You hear here of decisions and comments on your suggestions.',
  markAllRead: 'Mark all as read',
  markRead: 'Mark as read',
  unreadBadge: 'new',
  showMore: 'Show more',
  close: 'Close',
  loadFailed: 'The notifications could not be loaded.',
  // `what` names the suggestion (`named` or `unnamed`), so that its author knows which one is meant.
  accepted: (by: string, what: string) => `${by} accepted your suggestion ${what}`,
  rejected: (by: string, what: string) => `${by} rejected your suggestion ${what}`,
  reverted: (by: string, what: string) =>
    `${by} reverted your accepted suggestion ${what}; it is open for review again`,
  commented: (by: string, what: string) => `${by} commented on your suggestion ${what}`,
  suggested: (by: string, what: string) => `${by} made a new suggestion ${what} in a game you moderate`,
  votes: (count: number, what: string) => `The suggestion ${what} reached ${count} votes (up minus down)`,
  named: (name: string) => `“${name}”`,
  unnamed: (id: string) => `(${id})`,
  reason: (reason: string) => `Reason: ${reason}`,
  // The account page's opt-in.
  emailTitle: 'E-mail notifications',
  emailSwitch: 'E-mail me my unread notifications',
  emailHint: 'At most one mail an hour, listing what you have not read in the site yet.',
  emailSaved: 'E-mail setting saved',
  // The digest mail.
  digestSubject: (count: number) => `Unread notifications on Waypoint: ${count}`,
  digestIntro: 'Here is what happened since your last mail:',
  digestMore: (count: number) => `… and ${count} more.`,
  digestFooter: (url: string) =>
    `You get this mail because you asked for e-mail notifications. Turn them off on your profile page: ${url}`,
};
