import { useQuery } from '@tanstack/react-query';
import { banIn, type Standing } from '@waypoint/shared/community/schemas';
import { api } from '../../api/client.ts';
import { useSession } from '../../api/session.ts';
import { communityMessages as t } from '../../i18n/messages/community-messages.ts';

/** The logged-in user's game roles and bans in force (nothing for guests). */
export function useStanding() {
  const session = useSession();
  return useQuery({
    queryKey: ['standing', session?.id ?? ''],
    queryFn: () => api.get<Standing>('/users/standing'),
    enabled: Boolean(session),
    staleTime: 30_000,
  });
}

/** Why the user cannot contribute to `gameId` (a ban's text), or null. */
export function useBanNotice(gameId: string | undefined): string | null {
  const ban = banIn(useStanding().data, gameId);
  if (!ban) return null;
  const until = new Date(ban.endsAt).toLocaleString();
  return ban.gameId === '' ? t.bannedSiteWide(ban.reason, until) : t.bannedInGame(ban.reason, until);
}
