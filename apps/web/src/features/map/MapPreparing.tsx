import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MapTileStatus } from '@waypoint/shared/map/preparing';
import { useEffect } from 'react';
import { api } from '../../api/client.ts';
import { queryKeys } from '../../api/keys.ts';
import { preparingMessages } from '../../i18n/messages/preparing-messages.ts';
import classes from './map.module.css';

/**
 * Over a map whose tiles are not there yet: 'This map is being prepared' with the job's progress,
 * followed every two seconds. When the tiles are done the game's maps are read again, so the page
 * shows the map without a reload.
 */
export default function MapPreparing({
  gameId,
  mapId,
  drawing,
}: {
  gameId: string;
  mapId: string;
  /** The map's picture is declared and about to be drawn by the server (demo maps on a first start). */
  drawing: boolean;
}) {
  const client = useQueryClient();
  const status = useQuery({
    queryKey: ['map-status', mapId],
    queryFn: () => api.get<MapTileStatus>(`/map/${encodeURIComponent(mapId)}/status`),
    // Followed while something is on its way; a map with nothing on its way (status NONE, no
    // picture being drawn) changes only when an admin acts, so it is not asked again.
    refetchInterval: (query) => {
      const s = query.state.data?.status;
      return s === 'DONE' || s === 'ERROR' || (s === 'NONE' && !drawing) ? false : 2000;
    },
  });
  const s = status.data;
  const done = s?.status === 'DONE' && Boolean(s.version);
  useEffect(() => {
    if (done) void client.invalidateQueries({ queryKey: queryKeys.maps(gameId) });
  }, [done, client, gameId]);

  const failed = s?.status === 'ERROR';
  // Nothing on its way (status NONE): a picture never processed, or none at all — unless the picture
  // is about to be drawn (a demo map on a first start), which is announced as preparing.
  const idle = s?.status === 'NONE' && !drawing;
  const detail = failed
    ? preparingMessages.failed
    : done
      ? preparingMessages.ready
      : s?.status === 'PROCESSING'
        ? preparingMessages.progress(s.progress)
        : s?.status === 'PENDING'
          ? preparingMessages.queued
          : idle
            ? s.version
              ? preparingMessages.notCut
              : preparingMessages.noPicture
            : preparingMessages.drawing;
  return (
    <div className={classes.preparing} role="status" data-testid="map-preparing" data-status={s?.status}>
      <strong>{idle ? preparingMessages.noTiles : preparingMessages.preparing}</strong>
      <span>{detail}</span>
      {failed || idle ? null : (
        <progress
          max={100}
          value={s?.status === 'PROCESSING' || done ? (done ? 100 : s.progress) : undefined}
          aria-label={preparingMessages.preparing}
        />
      )}
    </div>
  );
}
