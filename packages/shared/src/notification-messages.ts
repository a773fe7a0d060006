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
  accepted: (by: string) => `${by} accepted your suggestion`,
  rejected: (by: string) => `${by} rejected your suggestion`,
  reverted: (by: string) => `${by} reverted your accepted suggestion; it is open for review again`,
  commented: (by: string) => `${by} commented on your suggestion`,
  suggested: (by: string) => `${by} made a new suggestion in a game you moderate`,
  votes: (count: number) => `A suggestion reached ${count} votes (up minus down)`,
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
