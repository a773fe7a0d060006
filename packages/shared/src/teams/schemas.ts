/**
 * Teams: players of one game who see each other's progress. Shared by the server and the web app.
 * A player is in at most one team per game (the quest tracker shows one team's needs).
 */
import { z } from 'zod';

export const teamNameMax = 40;
/** Days an invite link stays valid. */
export const teamInviteDays = 7;
/** The secret of an invite link: 32 random bytes, base64url. */
export const teamInvitePattern = /^[A-Za-z0-9_-]{43}$/;

export const zTeamName = z
  .string()
  .trim()
  .min(1, 'Required')
  .max(teamNameMax, `At most ${teamNameMax} characters`);

export const zTeamCreate = z.object({ name: zTeamName });

export const zTeamJoin = z.object({
  token: z.string().regex(teamInvitePattern, 'Not an invite link'),
});

export const zTeamOwner = z.object({ userId: z.string().min(1, 'Required').max(100) });

/**
 * What one member lets the team see. Each is optional in a change, so later switches (pins shared
 * with the team, found markers) add a key here without a new route.
 */
export const zTeamSettings = z
  .object({ shareProgress: z.boolean() })
  .partial()
  .refine((value) => Object.keys(value).length > 0, 'Nothing to change');

export interface TeamMemberView {
  userId: string;
  username: string;
  owner: boolean;
  shareProgress: boolean;
  joinedAt: string;
}

export interface TeamInviteView {
  id: string;
  createdAt: string;
  expiresAt: string;
}

export interface TeamView {
  id: string;
  gameId: string;
  name: string;
  ownerId: string;
  /** The largest team the site allows. */
  maxMembers: number;
  members: TeamMemberView[];
  /** Open invites: the owner's only (empty for others). */
  invites: TeamInviteView[];
}

/** An invite as created: its secret is answered this once. */
export interface TeamInviteCreated {
  token: string;
  invite: TeamInviteView;
}

/** Progress of the members who share it (the caller included when they share). */
export interface TeamProgressView {
  teamId: string;
  members: {
    userId: string;
    username: string;
    completedQuestIds: string[];
    itemsOwned: { itemId: string; findOnly: boolean; quantity: number }[];
  }[];
  /** Members who do not share their progress. */
  hiddenMembers: { userId: string; username: string }[];
}
