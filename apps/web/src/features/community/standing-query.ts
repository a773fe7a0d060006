import { useQuery } from '@tanstack/react-query';
import type { Standing } from '@waypoint/shared/community/schemas';
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

/** Whether the user may open the suggestion review: admins and moderators of at least one game. */
export function useMayReview(): boolean {
  const session = useSession();
  const standing = useStanding();
  if (!session) return false;
  return session.admin || (standing.data?.moderator.length ?? 0) > 0;
}

/** Whether a ban in force (site-wide or in `gameId`) keeps the user from suggesting there. */
export function useBanned(gameId: string | undefined): boolean {
  const bans = useStanding().data?.bans ?? [];
  return bans.some((b) => b.gameId === '' || (gameId !== undefined && b.gameId === gameId));
}
