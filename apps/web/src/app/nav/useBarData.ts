import type { TCategory, TGame, TMap } from '@waypoint/shared/models/types';
import { useMemo } from 'react';
import { useCategories, useGame, useGames, useMaps } from '../../api/queries.ts';
import type { RouteName } from '../routes.tsx';

const gameRoutes: RouteName[] = [
  'Game',
  'Category',
  'Map',
  'Embedded Map',
  'Quest',
  'Items To Keep',
  'Tool',
  'In-Game App',
];
const mapRoutes: RouteName[] = ['Map', 'Embedded Map'];

export interface BarData {
  games: TGame[];
  game: TGame | undefined;
  categories: TCategory[];
  maps: TMap[];
  allMaps: TMap[];
  category: TCategory | undefined;
  map: TMap | undefined;
  showGame: boolean;
  showCategoryAndMap: boolean;
  showTools: boolean;
}

/** What the bar's dropdowns show, by route name (SPEC §2.8). */
export function useBarData(routeName: RouteName | undefined, gameId?: string, mapId?: string): BarData {
  const onGameRoute = Boolean(gameId) && routeName !== undefined && gameRoutes.includes(routeName);
  const onMapRoute = onGameRoute && routeName !== undefined && mapRoutes.includes(routeName);
  const games = useGames();
  const game = useGame(onGameRoute ? gameId : undefined);
  const categories = useCategories(onMapRoute ? gameId : undefined);
  const maps = useMaps(onMapRoute ? gameId : undefined);
  return useMemo(() => {
    const mapList = maps.data ?? [];
    const map = mapList.find((m) => m._id === mapId);
    const categoryList = categories.data ?? [];
    const category = categoryList.find((c) => c._id === map?.categoryId);
    const gameRecord = game.data;
    return {
      games: games.data ?? [],
      game: gameRecord,
      categories: categoryList,
      allMaps: mapList,
      maps: category ? mapList.filter((m) => m.categoryId === category._id) : mapList,
      category,
      map,
      showGame: onGameRoute,
      showCategoryAndMap: onMapRoute,
      showTools: onGameRoute && (gameRecord?.additionalFeatures?.length ?? 0) > 0,
    };
  }, [games.data, game.data, categories.data, maps.data, mapId, onGameRoute, onMapRoute]);
}
