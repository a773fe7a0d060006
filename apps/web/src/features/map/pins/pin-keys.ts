/** Query keys of a player's pins: all of them (refreshed after a replay), and one map's. */
export const pinKeys = {
  all: (userId: string) => ['user', userId, 'pins'] as const,
  map: (userId: string, mapId: string) => ['user', userId, 'pins', mapId] as const,
};
