import { mapErrorPath, resolveMap } from '@waypoint/shared/map/routing';
import { Navigate, useLocation, useParams } from 'react-router';
import { useCategories, useMaps } from '../../api/queries.ts';
import { insideFrame } from '../../app/nav/embedding.ts';
import { MapPage } from './MapPage.tsx';
import classes from './map.module.css';
import { useMarkerData } from './queries.ts';

/** The map route: finds the map (or the first map of a category named in the address) and shows it. */
export function MapRoute({ embedded }: { embedded: boolean }) {
  const { gameId = '', mapId = '' } = useParams();
  const { search } = useLocation();
  const maps = useMaps(gameId);
  const categories = useCategories(gameId);
  // The marker data is asked for at once, alongside the map list.
  useMarkerData(mapId);
  if (maps.isError || categories.isError) return <Navigate replace to={mapErrorPath(gameId, mapId)} />;
  if (!maps.data || !categories.data) {
    return <div className={classes.page} aria-busy="true" data-testid="map-loading" />;
  }
  const found = resolveMap(
    mapId,
    maps.data,
    categories.data.map((c) => c._id),
  );
  if (found.kind === 'missing') return <Navigate replace to={mapErrorPath(gameId, mapId)} />;
  const base = embedded ? '/embed/game' : '/game';
  if (found.kind === 'category') {
    return (
      <Navigate
        replace
        to={`${base}/${encodeURIComponent(gameId)}/maps/${encodeURIComponent(found.map._id)}${search}`}
      />
    );
  }
  const category = categories.data.find((c) => c._id === found.map.categoryId);
  return (
    <MapPage
      key={found.map._id}
      gameId={gameId}
      map={found.map}
      category={category}
      embedded={embedded || insideFrame()}
    />
  );
}

/** Map view (specification §2.7). */
export function Component() {
  return <MapRoute embedded={false} />;
}
