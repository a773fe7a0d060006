/**
 * The formats the site reads, one line each (README "Moving a map"). The server's import and export
 * routes, `npm run import` and the imports page take their list, file endings and MIME types from
 * here; the server's part of each (staging, export) is keyed by the same ids. No reader is imported
 * here: the imports page loads this list without them.
 */
import type { FileFormat } from './format.ts';

export const fileFormats = [
  // A model's records: a JSON array (or JSON Lines), or CSV with a header row of field names.
  { id: 'json', target: 'model', extensions: ['.json'], mimeTypes: ['application/json'] },
  { id: 'csv', target: 'model', extensions: ['.csv'], mimeTypes: ['text/csv'] },
  {
    id: 'datamaps',
    target: 'map',
    extensions: ['.json'],
    mimeTypes: ['application/json'],
    texts: { title: 'dataMapsTitle', help: 'dataMapsHelp', file: 'dataMapsFile', export: 'exportDataMaps' },
    export: { extension: 'datamaps.json', mimeType: 'application/json' },
  },
  {
    id: 'geojson',
    target: 'map',
    extensions: ['.geojson', '.json'],
    mimeTypes: ['application/geo+json', 'application/json'],
    texts: { title: 'geoJsonTitle', help: 'geoJsonHelp', file: 'geoJsonFile', export: 'exportGeoJson' },
    export: { extension: 'geojson', mimeType: 'application/geo+json' },
  },
  {
    id: 'tarkov-dev',
    target: 'game',
    extensions: ['.json'],
    mimeTypes: ['application/json'],
    texts: { title: 'tarkovDevTitle', help: 'tarkovDevHelp', file: 'tarkovDevFile' },
  },
  {
    id: 'package',
    target: 'game',
    extensions: ['.zip'],
    mimeTypes: ['application/zip'],
    binary: true,
    texts: { title: 'packageTitle', help: 'packageHelp', file: 'packageFile', export: 'exportPackage' },
    export: { extension: 'waypoint.zip', mimeType: 'application/zip' },
  },
] as const satisfies readonly FileFormat[];

export type FileFormatOf = (typeof fileFormats)[number];
export type FormatId = FileFormatOf['id'];

/** The formats read into a target (a model, a map, a game); `binary` picks uploads sent as bytes. */
type FormatsOf<T extends FileFormat['target'], Binary extends boolean> =
  Extract<FileFormatOf, { target: T }> extends infer F
    ? F extends { binary: true }
      ? Binary extends true
        ? F
        : never
      : Binary extends true
        ? never
        : F
    : never;

function formatsOf<T extends FileFormat['target'], Binary extends boolean = false>(
  target: T,
  binary = false as Binary,
): FormatsOf<T, Binary>[] {
  return fileFormats.filter(
    (f) => f.target === target && ('binary' in f && f.binary) === binary,
  ) as FormatsOf<T, Binary>[];
}

/** A model's record files, told apart by their ending. */
export const modelFileFormats = formatsOf('model');
export type ModelFileFormatId = (typeof modelFileFormats)[number]['id'];

/** A map's content, sent as text: read into a map, exported from one. */
export const mapContentFormats = formatsOf('map');
export type MapContentFormatId = (typeof mapContentFormats)[number]['id'];

/** A game's records, sent as text (tarkov.dev's answer). */
export const gameContentFormats = formatsOf('game');
export type GameContentFormatId = (typeof gameContentFormats)[number]['id'];

/** Sent as the file's bytes (map packages): read into a game. */
export const binaryFormats = formatsOf('game', true);
export type BinaryFormatId = (typeof binaryFormats)[number]['id'];

/** Formats a map is exported in. */
export const exportFormats = fileFormats.filter((f) => 'export' in f) as Extract<
  FileFormatOf,
  { export: object }
>[];
export type ExportFormatId = (typeof exportFormats)[number]['id'];

export function fileFormat<Id extends FormatId>(id: Id): Extract<FileFormatOf, { id: Id }> {
  return fileFormats.find((f) => f.id === id) as Extract<FileFormatOf, { id: Id }>;
}
