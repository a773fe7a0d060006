/** Query keys: one factory, so that mutations invalidate exactly what they change. */
export const queryKeys = {
  games: () => ['games'] as const,
  game: (gameId: string) => ['game', gameId] as const,
  categories: (gameId: string) => ['categorys', { gameId }] as const,
  maps: (gameId: string) => ['maps', { gameId }] as const,
};
