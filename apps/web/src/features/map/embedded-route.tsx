import { Navigate, useLocation, useParams } from 'react-router';
import { insideFrame } from '../../app/nav/embedding.ts';
import { FeaturePending } from '../../components/FeaturePending.tsx';

/** Embedded map: opened outside an iframe it goes to the normal map page (SPEC §2.2). */
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
  return <FeaturePending title="Map" />;
}
