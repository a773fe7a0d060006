import { z } from 'zod';
import { zId } from '../models/fields.ts';
import { binaryFormats, type MapContentFormatId, mapContentFormats } from './formats.ts';

/** Largest content file sent from the imports page (the JSON body around a DataMaps page). */
export const contentUploadLimitBytes = 40 * 1024 * 1024;

/** Formats a map's content is read from and written to (the registry's map formats). */
export const contentFormats = mapContentFormats.map((f) => f.id);
export type ContentFormat = MapContentFormatId;

/** A GeoJSON export's positions: map pixels (declared as such) or longitude/latitude (RFC 7946). */
export const zGeoJsonExportQuery = z.object({ coords: z.enum(['pixels', 'lonlat']).default('pixels') });

/** A map named in the address of an import or export. */
export const zInteropMapParams = z.object({ mapId: zId });
/** A game named in the address of a game-wide import (tarkov.dev). */
export const zInteropGameParams = z.object({ gameId: zId });

/** The game a map package is imported into. */
export const zPackageImportParams = z.object({ gameId: zId });

/** Content types a map package upload may be sent as: its format's, and how browsers name zip files otherwise. */
export const packageContentTypes = [
  ...binaryFormats.flatMap((f) => f.mimeTypes),
  'application/x-zip-compressed',
  'application/octet-stream',
];

/** A page a DataMaps page includes, sent along with it (its wiki title or file path, its JSON). */
export const zContentFragment = z.object({
  name: z.string().trim().min(1).max(300),
  content: z.string().min(1).max(contentUploadLimitBytes),
});

/** A place known on the map's picture (pixels, y down from the top) and on the globe (degrees). */
export const zReferencePoint = z.object({
  x: z.number().min(0).max(1_000_000),
  y: z.number().min(0).max(1_000_000),
  lon: z.number().min(-180).max(180),
  lat: z.number().min(-90).max(90),
});

/** A content file sent for staging into a map. */
export const zContentUpload = z.object({
  /** Names the source for re-imports: the wiki page or the file name. */
  source: z.string().trim().min(1).max(300),
  content: z.string().min(1).max(contentUploadLimitBytes),
  /** The wiki's article address, for internal links (`https://x.wiki.gg/wiki/`). */
  articleUrl: z
    .url({ protocol: /^https?$/ })
    .max(300)
    .optional(),
  /** DataMaps: the fragment pages the page includes, as files. */
  fragments: z.array(zContentFragment).max(5000).optional(),
  /** DataMaps: a zip of wiki pages (base64), searched for the fragments the page includes. */
  archive: z.base64().max(contentUploadLimitBytes).optional(),
  /** GeoJSON without Waypoint definitions: the feature property naming each one (by id or name). */
  definitionProperty: z.string().trim().min(1).max(100).optional(),
  /** GeoJSON: the definition of features naming none of the game's (an id of the game's). */
  defaultDefinition: zId.optional(),
  /**
   * GeoJSON in longitude/latitude: two places known on the picture (pixels) and on the globe
   * (degrees), placing the file instead of the map's geographic bounds.
   */
  referencePoints: z.tuple([zReferencePoint, zReferencePoint]).optional(),
});
export type ContentUpload = z.infer<typeof zContentUpload>;
