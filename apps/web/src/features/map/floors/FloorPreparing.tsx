import { useQuery, useQueryClient } from '@tanstack/react-query';
import { isLevelPreparing } from '@waypoint/shared/map/levels';
import type { MapTileStatus } from '@waypoint/shared/map/preparing';
import { useEffect } from 'react';
import { api } from '../../../api/client.ts';
import { preparingMessages } from '../../../i18n/messages/preparing-messages.ts';
import classes from '../map.module.css';
import { mapKeys } from '../queries.ts';
import type { Floors } from './useFloors.ts';

/**
 * Over a floor whose picture is still on its way (a first start draws the demo floors; an admin's new
 * picture is cut into tiles): the map's own picture shows meanwhile, which alone would pass for the
 * floor's. The job is followed every two seconds; once done, the marker answer (which names the
 * floor's tiles) is read again, so the floor's picture shows without a reload.
 */
export function FloorPreparing({ mapId, floors }: { mapId: string; floors: Floors }) {
  const floor = floors.levels.find((l) => l.level === floors.current);
  if (!floor || !isLevelPreparing(floor)) return null;
  return <FloorNote key={floor._id} mapId={mapId} level={floor.level} name={floor.name} />;
}

function FloorNote({ mapId, level, name }: { mapId: string; level: number; name: string }) {
  const client = useQueryClient();
  const status = useQuery({
    queryKey: ['map-status', mapId, level],
    queryFn: () => api.get<MapTileStatus>(`/map/${encodeURIComponent(mapId)}/status?level=${level}`),
    refetchInterval: (query) => (query.state.data?.status === 'DONE' ? false : 2000),
  });
  const s = status.data;
  const done = s?.status === 'DONE';
  useEffect(() => {
    if (done) void client.invalidateQueries({ queryKey: mapKeys.markerData(mapId) });
  }, [done, client, mapId]);
  return (
    <div className={classes.preparing} role="status" data-testid="floor-preparing" data-status={s?.status}>
      <strong>{preparingMessages.floorPreparing(name)}</strong>
      <span>{preparingMessages.floorMeanwhile}</span>
      {s?.status === 'PROCESSING' ? <span>{preparingMessages.progress(s.progress)}</span> : null}
      <progress
        max={100}
        value={s?.status === 'PROCESSING' || done ? (done ? 100 : s.progress) : undefined}
        aria-label={preparingMessages.floorPreparing(name)}
      />
    </div>
  );
}
