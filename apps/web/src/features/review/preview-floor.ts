import { everyLevel } from '@waypoint/shared/map/levels';
import type { ReviewDetail } from '@waypoint/shared/suggestions/review';

type Preview = NonNullable<ReviewDetail['preview']>;

/** The floor a marker is on, when the map has floors and the marker is not on every one. */
export function floorOf(preview: Preview, record: Record<string, unknown>) {
  const level = Number(record.level ?? everyLevel);
  return level === everyLevel ? undefined : preview.levels.find((l) => l.level === level);
}

/**
 * Where the preview's tiles are: a marker on a floor is shown over that floor's picture once it is
 * cut; a marker on every floor, or on a floor without tiles yet, over the map's.
 */
export function previewTiles(preview: Preview, record: Record<string, unknown>) {
  const { map } = preview;
  const floor = floorOf(preview, record);
  if (floor?.tilesPath) return { tilesPath: floor.tilesPath, version: floor.version };
  return { tilesPath: map.tilesPath || `${map.gameId}/${map._id}`, version: map.version };
}
