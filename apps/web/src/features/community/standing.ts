import { banIn } from '@waypoint/shared/community/ban';
import { formatDateTime } from '../../i18n/format.ts';
import { communityMessages as t } from '../../i18n/messages/community-messages.ts';
import { useStanding } from './standing-query.ts';

export { useRoleHolder, useStanding } from './standing-query.ts';

/** Why the user cannot contribute to `gameId` (a ban's text), or null. */
export function useBanNotice(gameId: string | undefined): string | null {
  const ban = banIn(useStanding().data, gameId);
  if (!ban) return null;
  const until = formatDateTime(ban.endsAt);
  return ban.gameId === '' ? t.bannedSiteWide(ban.reason, until) : t.bannedInGame(ban.reason, until);
}
