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
 * Whether the map has tiles to ask for: cut by the server (DONE), or kept at a path of their own. A
 * map without them (a picture never processed, none at all) asks for none: each would be a 404.
 */
export function mapTilesReady(map: { imageProcessStatus?: string; tilesPath?: string }): boolean {
  return map.imageProcessStatus === 'DONE' || Boolean(map.tilesPath);
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
} as const;
