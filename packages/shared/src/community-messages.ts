// Kept apart from messages.ts, which every page loads: only the pages that show these texts load them.

/** Roles per game, bans and the admin panel's users page. */
export const communityMessages = {
  moderatorRequired: 'Only a moderator of this game or an admin may do this',
  gameRequired: 'Name the game (gameId) you moderate',
  notInYourGame: (id: string) => `${id} belongs to a game you do not moderate`,
  grantNotAllowed: 'Moderators may only name trusted editors of their own games',
  siteBanAdminOnly: 'Only admins may ban users site-wide',
  cannotBanAdmin: 'Admins cannot be banned',
  bannedSiteWide: (reason: string, until: string) =>
    `You are banned from contributing until ${until}. Reason: ${reason}`,
  bannedInGame: (reason: string, until: string) =>
    `You are banned from contributing to this game until ${until}. Reason: ${reason}`,
  usersTitle: 'Users',
  searchUsers: 'Search users by name',
  noUsers: 'No users found',
  adminBadge: 'admin',
  roles: 'Roles',
  roleHistory: 'Role history',
  bans: 'Bans',
  suggestions: 'Suggestions',
  decisions: 'Decisions',
  none: 'None',
  roleModerator: 'Moderator',
  roleTrusted: 'Trusted editor',
  game: 'Game',
  role: 'Role',
  grant: 'Grant role',
  revoke: 'Revoke',
  granted: 'granted',
  revoked: 'revoked',
  roleEvent: (change: string, role: string, game: string, by: string) =>
    `${role} in ${game} ${change} by ${by}`,
  allGames: 'All games (site-wide)',
  reason: 'Reason the user sees',
  endsAt: 'Ends at',
  rejectOpen: "Reject the user's open suggestions",
  ban: 'Ban',
  lift: 'Lift ban',
  lifted: 'lifted',
  banLine: (where: string, until: string, reason: string, by: string) =>
    `${where} until ${until}: ${reason} (by ${by})`,
  yourGames: 'Your games',
  acceptedPerGame: 'Accepted suggestions per game',
  ownVote: 'You cannot vote on your own suggestion; others vote on it',
  notYourSuggestion: 'Only its author or an admin may change or withdraw this suggestion',
} as const;
