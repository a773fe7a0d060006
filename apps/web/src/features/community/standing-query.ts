import { useQuery } from '@tanstack/react-query';
import type { Standing } from '@waypoint/shared/community/schemas';
import { can, gamesWith, type RoleHolder } from '@waypoint/shared/roles/roles';
import { api } from '../../api/client.ts';
import { useSession } from '../../api/session.ts';

/**
 * The logged-in user's game roles and bans in force (nothing for guests). Kept apart from the ban
 * texts (standing.ts): the bar and the home page read it without loading the community messages.
 */
export function useStanding() {
  const session = useSession();
  return useQuery({
    queryKey: ['standing', session?.id ?? ''],
    queryFn: () => api.get<Standing>('/users/standing'),
    enabled: Boolean(session),
    staleTime: 30_000,
  });
}

/**
 * The logged-in user as the roles table sees them (admin flag, game roles, bans; the standing null
 * until it has loaded), for `can`: the pages show what the server's checks would let through.
 * Null for guests.
 */
export function useRoleHolder(): RoleHolder | null {
  const session = useSession();
  const standing = useStanding();
  if (!session) return null;
  return { admin: session.admin, standing: standing.data ?? null };
}

/** Whether the user may open the suggestion review: admins and moderators of at least one game. */
export function useMayReview(): boolean {
  const holder = useRoleHolder();
  return can(holder, 'moderate') || gamesWith(holder, 'moderate').length > 0;
}

/** Whether a ban in force (site-wide or in `gameId`) keeps the user from suggesting there. */
export function useBanned(gameId: string | undefined): boolean {
  const holder = useRoleHolder();
  return holder !== null && !can(holder, 'contribute', gameId);
}
