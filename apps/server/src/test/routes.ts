import type { DeclaredRoute } from '../features/auth/policy.ts';

/** Sample values for route parameters, so that every declared route can be called in tests. */
const samples: Record<string, string> = {
  model: 'game',
  collection: 'games',
  id: 'does_not_exist',
  hash: 'not-a-real-hash',
  gameId: 'g1',
  mapId: 'g1_map_a',
  questId: 'q1',
  itemId: 'does_not_exist',
  imageName: 'image',
  username: 'nobody',
};

export function fillParams(route: DeclaredRoute, overrides: Record<string, string> = {}): string {
  return route.url.replace(/:(\w+)/g, (_m, name: string) => overrides[name] ?? samples[name] ?? 'x');
}
