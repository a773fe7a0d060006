/**
 * Personal API tokens: what a player creates in the account page and what the token API (the
 * TarkovTracker-compatible /api/v2 routes) reads. Shared by the account page and the server.
 */
import { z } from 'zod';
import { zId } from '../models/fields.ts';

/** Every token starts with this, so secret scanners (and people) can tell a leaked one. */
export const apiTokenPrefix = 'wpt_';

/**
 * The scopes, as TarkovTracker names its permissions: read own progress (GP), read the team's
 * progress (TP), write own progress (WP).
 */
export const apiTokenScopes = ['GP', 'TP', 'WP'] as const;
export type ApiTokenScope = (typeof apiTokenScopes)[number];

export const apiTokenNameMax = 60;

/**
 * How a token's secret is written. `wpt`: the prefix above and 256 random bits (43 base64url
 * characters). `PVP` / `PVE`: TarkovTracker.org's form, `PVP_` or `PVE_` and 18 hex digits (72 random
 * bits), the only form TarkovMonitor accepts for a tracker other than tarkovtracker.io; its prefix
 * must match the game mode TarkovMonitor sees.
 */
export const apiTokenFormats = ['wpt', 'PVP', 'PVE'] as const;
export type ApiTokenFormat = (typeof apiTokenFormats)[number];
/** A secret of each format, as the token API reads it before looking it up. */
export const apiTokenPattern = /^(?:wpt_[A-Za-z0-9_-]{43}|(?:PVP|PVE)_[0-9a-f]{18})$/;

export const zApiTokenCreate = z.object({
  name: z.string().trim().min(1, 'Required').max(apiTokenNameMax, `At most ${apiTokenNameMax} characters`),
  /** A game's id, or null for every game. */
  gameId: zId.nullable(),
  scopes: z
    .array(z.enum(apiTokenScopes))
    .min(1, 'Choose at least one scope')
    .max(apiTokenScopes.length)
    .refine((list) => new Set(list).size === list.length, 'Each scope once'),
  format: z.enum(apiTokenFormats).default('wpt'),
});
export type ApiTokenCreate = z.input<typeof zApiTokenCreate>;

/** A token as its owner sees it in the list: never its secret. */
export interface ApiTokenView {
  id: string;
  name: string;
  /** null: every game. */
  gameId: string | null;
  scopes: ApiTokenScope[];
  /** The secret's first four and last four characters, to tell tokens apart. */
  hint: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** The answer to a create: the token's secret, shown this once. */
export interface ApiTokenCreated {
  token: string;
  apiToken: ApiTokenView;
}

/**
 * Game editions as TarkovTracker numbers them: 1 Standard, 2 Left Behind, 3 Prepare for Escape,
 * 4 Edge of Darkness, 5 The Unheard.
 */
export const gameEditions = [1, 2, 3, 4, 5] as const;
export const pmcFactions = ['USEC', 'BEAR'] as const;
export type PmcFaction = (typeof pmcFactions)[number];

/** A player's edition and faction in one game (the level is the quest tracker's own setting). */
export const zGameSettings = z.object({
  gameEdition: z.number().int().min(1).max(gameEditions.length, `Between 1 and ${gameEditions.length}`),
  pmcFaction: z.enum(pmcFactions),
});
export type GameSettings = z.infer<typeof zGameSettings>;

/** What a player has before choosing: TarkovTracker's defaults. */
export const defaultGameSettings: GameSettings = { gameEdition: 1, pmcFaction: 'USEC' };
