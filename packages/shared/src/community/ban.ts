/** The ban in force that stops `standing` contributing to `gameId` (a site-wide one first). */
export function banIn<Ban extends { readonly gameId: string }>(
  standing: { readonly bans: readonly Ban[] } | null | undefined,
  gameId: string | undefined,
): Ban | undefined {
  if (!standing) return undefined;
  return (
    standing.bans.find((b) => b.gameId === '') ?? standing.bans.find((b) => gameId && b.gameId === gameId)
  );
}
