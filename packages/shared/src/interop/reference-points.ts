import type { ReferencePoint } from './geojson-content.ts';

/**
 * Two reference points as typed on the imports page or the command line (`x, y, longitude, latitude;
 * …`): the numbers in fours, in order; the import request's schema checks them. Kept apart from the
 * schemas so that the imports page need not load zod.
 */
export function referencePointsFromText(text: string): Array<Partial<ReferencePoint>> {
  const numbers = (text.match(/-?\d+(?:\.\d+)?(?:e[-+]?\d+)?/gi) ?? []).map(Number);
  const points: Array<Partial<ReferencePoint>> = [];
  for (let i = 0; i < numbers.length; i += 4) {
    const [x, y, lon, lat] = numbers.slice(i, i + 4);
    points.push({ x, y, lon, lat });
  }
  return points;
}
