import type { LatLng } from './tools.ts';

/** Coordinates keep 6 decimals, as the map's marker answer does: far below a pixel at any zoom. */
const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * The new placed marker a drawn polygon or route becomes: its corners as `polygonPoints`
 * ([lat, lng] pairs) and its position, the average of the corners for a polygon and the first
 * corner for a route (where the demo content places them too).
 */
export function pathMarkerBody(definitionId: string, kind: 'POLYGON' | 'ROUTE', points: readonly LatLng[]) {
  if (points.length === 0) throw new Error('A polygon or route needs at least one point');
  const polygonPoints = points.map(([lat, lng]) => [round6(lat), round6(lng)] as [number, number]);
  let lat = polygonPoints[0]![0];
  let lng = polygonPoints[0]![1];
  if (kind === 'POLYGON') {
    lat = round6(polygonPoints.reduce((sum, p) => sum + p[0], 0) / polygonPoints.length);
    lng = round6(polygonPoints.reduce((sum, p) => sum + p[1], 0) / polygonPoints.length);
  }
  return { markerDefinitionId: definitionId, lat, lng, polygonPoints };
}

/** The shape drawn while corners are placed: a polygon closes only from its third corner on. */
export function previewShape(
  kind: 'POLYGON' | 'ROUTE',
  points: readonly LatLng[],
): 'none' | 'line' | 'polygon' {
  if (points.length < 2) return 'none';
  return kind === 'POLYGON' && points.length >= 3 ? 'polygon' : 'line';
}
