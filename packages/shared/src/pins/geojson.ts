/**
 * A player's pins as GeoJSON (RFC 7946): a FeatureCollection of Point features whose coordinates
 * are [x, y] in the map picture's pixels (x right, y down from the top-left corner), not longitude
 * and latitude, with the pin's name, note, colour and floor as properties. The export, and the
 * checks of an import feature by feature: each refused one is named with what is wrong.
 */
import type { Feature, FeatureCollection, Point } from 'geojson';
import { z } from 'zod';
import { constants } from '../constants.ts';
import { pinsMessages } from './pins-messages.ts';
import { MAX_PINS_PER_MAP, type TPin, type TPinInput, zPinInput } from './schemas.ts';

export interface PinProperties {
  name: string;
  note: string;
  colour: TPin['colour'];
  level: number;
}

export type PinFeatureCollection = FeatureCollection<Point, PinProperties>;

export const geojsonLimits = {
  /** A full map of pins with full notes fits. */
  bodyBytes: 24 * 1024 * 1024,
  maxFeatures: MAX_PINS_PER_MAP,
};

/** The player's pins as a FeatureCollection in map pixels. */
export function pinsToGeoJson(pins: readonly TPin[]): PinFeatureCollection {
  return {
    type: 'FeatureCollection',
    features: pins.map(
      (p): Feature<Point, PinProperties> => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [p.x, p.y] },
        properties: { name: p.name, note: p.note, colour: p.colour, level: p.level },
      }),
    ),
  };
}

/** `POST /api/user/pins/{mapId}/geojson`: a collection to check (`preview`) or to import. */
export const zGeoJsonImport = z.strictObject({
  collection: z.looseObject({
    type: z.literal('FeatureCollection'),
    features: z
      .array(z.unknown())
      .max(geojsonLimits.maxFeatures, pinsMessages.tooManyFeatures(geojsonLimits.maxFeatures)),
  }),
  preview: z.boolean().default(false),
});

/** A feature refused, by its index in the file, with the field and what is wrong. */
export interface RefusedFeature {
  index: number;
  field: string;
  message: string;
}

/** The answer to an import or its preview. */
export interface GeoJsonImportResult {
  preview: boolean;
  /** Pins that are (or would be) added. */
  accepted: number;
  /** Names of the first accepted pins, for the preview. */
  names: string[];
  refused: RefusedFeature[];
}

const zCoordinates = z.tuple([z.number().finite(), z.number().finite()]).rest(z.number());
const zFeature = z.looseObject({
  type: z.literal('Feature'),
  geometry: z.looseObject({ type: z.literal('Point'), coordinates: zCoordinates }),
  properties: z.looseObject({
    name: z.unknown(),
    note: z.unknown().optional(),
    colour: z.unknown().optional(),
    level: z.unknown().optional(),
  }),
});

/** One feature as a pin, or the first thing wrong with it (fields named from the feature). */
export function featureToPin(raw: unknown): { pin: TPinInput } | { field: string; message: string } {
  if (typeof raw !== 'object' || raw === null || (raw as { type?: unknown }).type !== 'Feature') {
    return { field: 'type', message: pinsMessages.notAFeature };
  }
  const geometryType = (raw as { geometry?: { type?: unknown } }).geometry?.type;
  if (typeof geometryType === 'string' && geometryType !== 'Point') {
    return { field: 'geometry.type', message: pinsMessages.wrongGeometry(geometryType) };
  }
  const shape = zFeature.safeParse(raw);
  if (!shape.success) {
    const issue = shape.error.issues[0]!;
    return { field: issue.path.join('.'), message: issue.message };
  }
  const { geometry, properties } = shape.data;
  const [x, y] = geometry.coordinates;
  const input = {
    name: properties.name,
    note: properties.note ?? '',
    colour: properties.colour,
    level: properties.level ?? constants.defaultMarkerLevel,
    x,
    y,
  };
  const pin = zPinInput.safeParse(input);
  if (pin.success) return { pin: pin.data };
  const issue = pin.error.issues[0]!;
  const key = String(issue.path[0]);
  const field = key === 'x' || key === 'y' ? 'geometry.coordinates' : `properties.${key}`;
  return { field, message: issue.message };
}
