import type { BanView, Standing } from './schemas.ts';

/** The ban in force that stops `standing` contributing to `gameId` (a site-wide one first). */
export function banIn(
  standing: Standing | null | undefined,
  gameId: string | undefined,
): BanView | undefined {
  if (!standing) return undefined;
  return (
    standing.bans.find((b) => b.gameId === '') ?? standing.bans.find((b) => gameId && b.gameId === gameId)
  );
}
