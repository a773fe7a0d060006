/**
 * A map whose picture is still being drawn or cut into tiles: the page says so with the job's
 * progress (`GET /api/map/{mapId}/status`) and shows the map when the tiles are there.
 */
export interface MapTileStatus {
  status: 'NONE' | 'PENDING' | 'PROCESSING' | 'DONE' | 'ERROR';
  /** 0-100 while PROCESSING. */
  progress: number;
  /** The map picture's version ('' while the picture itself is not there yet). */
  version: string;
}

/** True while the map's tiles are on their way: queued, being cut, or the picture not yet drawn. */
export function isMapPreparing(map: {
  imageProcessStatus?: string;
  images?: { mapImage?: { version?: string } | null } | null;
}): boolean {
  const status = map.imageProcessStatus ?? 'NONE';
  if (status === 'PENDING' || status === 'PROCESSING') return true;
  const image = map.images?.mapImage;
  return status === 'NONE' && Boolean(image) && !image?.version;
}

/**
 * Whether the map's tiles are asked for: unless nothing is on its way (status NONE, no picture about to
 * be drawn, no tiles of its own), as for a map accepted from a suggestion that was never processed —
 * each of its tiles would be a 404. While tiles are being cut, the ones already there show.
 */
export function mapTilesReady(map: {
  imageProcessStatus?: string;
  tilesPath?: string;
  images?: { mapImage?: { version?: string } | null } | null;
}): boolean {
  return (map.imageProcessStatus ?? 'NONE') !== 'NONE' || Boolean(map.tilesPath) || isMapPreparing(map);
}

export const preparingMessages = {
  preparing: 'This map is being prepared',
  queued: 'Waiting for its turn…',
  drawing: 'Drawing the map picture…',
  progress: (percent: number) => `Cutting the map into tiles: ${percent}%`,
  failed: 'This map could not be prepared. An admin has been told; try again later.',
  ready: 'The map is ready',
  noTiles: 'This map has no tiles yet',
  noPicture: 'It has no picture yet: an admin adds one in the admin panel.',
  notCut: 'Its picture waits to be cut into tiles (Process Image in the admin panel).',
  floorPreparing: (floor: string) => `The picture of ${floor} is being prepared`,
  floorMeanwhile: 'Until it is ready, the map’s own picture shows under this floor’s markers.',
} as const;
