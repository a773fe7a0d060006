import { Navigate, useLocation, useParams } from 'react-router';
import { insideFrame } from '../../app/nav/embedding.ts';
import { MapRoute } from './route.tsx';

/** Embedded map: inside an iframe the map itself; opened on its own it goes to the normal map page. */
export function Component() {
  const { gameId = '', mapId = '' } = useParams();
  const { search } = useLocation();
  if (!insideFrame()) {
    return (
      <Navigate
        replace
        to={`/game/${encodeURIComponent(gameId)}/maps/${encodeURIComponent(mapId)}${search}`}
      />
    );
  }
  return <MapRoute embedded />;
}
