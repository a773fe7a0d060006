/** Query key of the player's completed markers (the map page's list, refreshed after a replay). */
export const completedMarkersKey = (userId: string) => ['user', userId, 'completed-markers'] as const;
