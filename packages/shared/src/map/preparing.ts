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

export const preparingMessages = {
  preparing: 'This map is being prepared',
  queued: 'Waiting for its turn…',
  drawing: 'Drawing the map picture…',
  progress: (percent: number) => `Cutting the map into tiles: ${percent}%`,
  failed: 'This map could not be prepared. An admin has been told; try again later.',
  ready: 'The map is ready',
} as const;
