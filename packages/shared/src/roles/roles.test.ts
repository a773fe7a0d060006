import { describe, expect, it } from 'vitest';
import {
  can,
  type GameRole,
  gameRoles,
  gameRoleTable,
  gamesWith,
  type HeldRoles,
  type Permission,
  permissionRules,
  permissions,
  type RoleHolder,
  rolesWith,
  userPermissions,
} from './roles.ts';

const GAME = 'g1';
const OTHER = 'g2';

const none = Object.fromEntries(gameRoles.map((role) => [role, []])) as unknown as Record<GameRole, string[]>;

function holder(roles: Partial<Record<GameRole, string[]>> = {}, bannedIn: string[] = []): RoleHolder {
  const standing: HeldRoles = { ...none, ...roles, bans: bannedIn.map((gameId) => ({ gameId })) };
  return { admin: false, standing };
}

const admin: RoleHolder = { admin: true, standing: null };

/**
 * What each role may in its own game, written out: the behaviour the server's checks had before
 * the table (security.md's list). A new row needs its line here.
 */
const heldInGame: Record<'user' | GameRole, Permission[]> = {
  user: ['contribute', 'seeOpenSuggestions'],
  trusted: ['contribute', 'seeOpenSuggestions', 'applyAtOnce'],
  moderator: [
    'contribute',
    'seeOpenSuggestions',
    'applyAtOnce',
    'moderate',
    'nameTrustedEditors',
    'banInGame',
  ],
};

const holderOf = (who: 'user' | GameRole, bannedIn: string[] = []) =>
  who === 'user' ? holder({}, bannedIn) : holder({ [who]: [GAME] }, bannedIn);

const personas = ['user', ...gameRoles] as const;

describe('can, over the whole table', () => {
  it('knows every role of the table and only these', () => {
    expect(Object.keys(heldInGame).sort()).toEqual(['user', ...gameRoles].sort());
  });

  for (const who of personas) {
    for (const permission of permissions) {
      const held = heldInGame[who].includes(permission);
      const everyUsers = userPermissions.includes(permission);
      const { inGame, lostToBan } = permissionRules[permission];

      it(`${who} × ${permission}: in the role's game ${held}`, () => {
        expect(can(holderOf(who), permission, GAME)).toBe(held);
      });

      it(`${who} × ${permission}: in another game only what every user may`, () => {
        expect(can(holderOf(who), permission, OTHER)).toBe(everyUsers);
      });

      it(`${who} × ${permission}: with no game named only what needs none`, () => {
        expect(can(holderOf(who), permission)).toBe(everyUsers && !inGame);
      });

      it(`${who} × ${permission}: banned in the game, what a ban leaves`, () => {
        expect(can(holderOf(who, [GAME]), permission, GAME)).toBe(held && !lostToBan);
        // A ban in another game changes nothing here.
        expect(can(holderOf(who, [OTHER]), permission, GAME)).toBe(held);
      });

      it(`${who} × ${permission}: banned site-wide, what a ban leaves everywhere`, () => {
        expect(can(holderOf(who, ['']), permission, GAME)).toBe(held && !lostToBan);
        expect(can(holderOf(who, ['']), permission)).toBe(false);
      });
    }
  }

  it.each(permissions)('the admin may %s in every game and with none named', (permission) => {
    expect(can(admin, permission, GAME)).toBe(true);
    expect(can(admin, permission)).toBe(true);
    // Admins cannot be banned: a ban row (say, from before they were made admin) does not count.
    expect(can({ admin: true, standing: holder({}, ['']).standing }, permission, GAME)).toBe(true);
  });

  it.each(permissions)('no one (a guest) may %s', (permission) => {
    expect(can(null, permission, GAME)).toBe(false);
    expect(can(undefined, permission)).toBe(false);
  });

  it('reads no roles when the standing was not read (routes of the player’s own progress)', () => {
    const unread: RoleHolder = { admin: false, standing: null };
    for (const permission of permissions)
      expect(can(unread, permission, GAME)).toBe(userPermissions.includes(permission));
  });

  it('counts a role held in several games in each of them', () => {
    const both = holder({ moderator: [OTHER, GAME] });
    expect(can(both, 'moderate', GAME)).toBe(true);
    expect(can(both, 'moderate', OTHER)).toBe(true);
    expect(can(both, 'moderate', 'g3')).toBe(false);
  });
});

describe('the rows', () => {
  it('give each game role what its row lists, besides what every user may', () => {
    for (const role of gameRoles) {
      const row = gameRoleTable[role] as { permissions: readonly Permission[] };
      for (const permission of permissions)
        expect(can(holder({ [role]: [GAME] }), permission, GAME), `${role} ${permission}`).toBe(
          userPermissions.includes(permission) || row.permissions.includes(permission),
        );
    }
  });

  it('let moderators name trusted editors, and only admins name moderators', () => {
    const moderator = holderOf('moderator');
    expect(can(moderator, gameRoleTable.trusted.grantedWith, GAME)).toBe(true);
    expect(can(moderator, gameRoleTable.trusted.grantedWith, OTHER)).toBe(false);
    expect(can(moderator, gameRoleTable.moderator.grantedWith, GAME)).toBe(false);
    expect(can(admin, gameRoleTable.moderator.grantedWith, GAME)).toBe(true);
    expect(can(holderOf('trusted'), gameRoleTable.trusted.grantedWith, GAME)).toBe(false);
  });

  it('name the roles that give a permission', () => {
    expect(rolesWith('moderate')).toEqual(['moderator']);
    expect(rolesWith('applyAtOnce')).toEqual(['moderator', 'trusted']);
    expect(rolesWith('administer')).toEqual([]);
  });
});

describe('gamesWith', () => {
  it('lists the games where the roles held give the permission, in the order held', () => {
    const both = holder({ moderator: ['g3', GAME], trusted: [OTHER, GAME] });
    expect(gamesWith(both, 'moderate')).toEqual(['g3', GAME]);
    expect(gamesWith(both, 'applyAtOnce')).toEqual(['g3', GAME, OTHER]);
    expect(gamesWith(both, 'banSiteWide')).toEqual([]);
  });

  it('leaves out the games a ban takes the permission away in', () => {
    const banned = holder({ moderator: [GAME, OTHER] }, [GAME]);
    expect(gamesWith(banned, 'applyAtOnce')).toEqual([OTHER]);
    expect(gamesWith(banned, 'moderate')).toEqual([GAME, OTHER]);
  });

  it('lists nothing for guests, admins and unread standings', () => {
    expect(gamesWith(null, 'moderate')).toEqual([]);
    expect(gamesWith(admin, 'moderate')).toEqual([]);
  });
});
