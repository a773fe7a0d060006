/** The server's answers about teams (English; the web app shows them as sent). */
export const teamMessages = {
  notInTeam: 'You are not in a team for this game',
  alreadyInTeam: 'You are already in a team for this game: leave it first',
  ownerOnly: "Only the team's owner can do this",
  inviteUnknown: 'This invite link is not valid: ask the team for a new one',
  inviteExpired: 'This invite link has expired: ask the team for a new one',
  inviteUsed: 'This invite link has already been used or was withdrawn: ask the team for a new one',
  teamFull: (max: number) => `This team is full (${max} members at most)`,
  notMember: 'This player is not in your team',
  removeSelf: 'Leave the team instead of removing yourself',
  tooManyInvites: (max: number) => `The team has ${max} open invites, the most allowed: withdraw one first`,
} as const;
