/**
 * What every format the site reads (and, where it exports, writes) has in common: the description
 * the server routes, the command line and the imports page derive their choices from (listed in
 * `formats.ts`), and what the readers of a map's content give (`ContentImport`) and its writers
 * are given (`ExportSource`). A reader throws an `InteropError` naming each bad record and field and
 * returns nothing half.
 */
import type { adminMessages } from '../admin-messages.ts';

type Rec = Record<string, unknown>;

/** A text of the imports page, by its key among the admin texts. */
type AdminText = keyof typeof adminMessages;

/**
 * What a format is read into: the records of one model (the format chosen by the file's ending),
 * the content of one map, or the records of one game.
 */
export type FormatTarget = 'model' | 'map' | 'game';

export interface FileFormat {
  /** Names the format in addresses (`/import/{id}`), on the command line (`--{id}`) and in audit entries. */
  id: string;
  target: FormatTarget;
  /** File name endings read as this format, with the dot. */
  extensions: readonly string[];
  /** MIME types of its files. */
  mimeTypes: readonly string[];
  /** Uploaded as the file's bytes (a zip) instead of its text in a JSON body. */
  binary?: boolean;
  /**
   * Its texts on the imports page (keys of the admin texts): its name, what it reads, its file field
   * and its export button. A model's formats have none of their own: the model's import names them.
   */
  texts?: { title: AdminText; help: AdminText; file: AdminText; export?: AdminText };
  /** A map is exported in this format too: the file name ending and MIME type of the export. */
  export?: { extension: string; mimeType: string };
}

/** A file input's `accept` for the formats: their endings, then their MIME types. */
export function acceptOf(formats: readonly FileFormat[]): string {
  return [...formats.flatMap((f) => f.extensions), ...formats.flatMap((f) => f.mimeTypes)].join(',');
}

/** The format of a file by its name's ending, among the given formats; undefined when none reads it. */
export function formatOfFileName<F extends FileFormat>(
  fileName: string,
  formats: readonly F[],
): F | undefined {
  const name = fileName.toLowerCase();
  return formats.find((f) => f.extensions.some((extension) => name.endsWith(extension)));
}

export interface InteropProblem {
  /** Where in the file: `$schema`, `groups.ore`, `markers["ore cave bg:1"][3]`. */
  record: string;
  field: string;
  message: string;
}

/** What was read but has no place in Waypoint (listed for the admin, never dropped silently). */
export interface MappingNote {
  record: string;
  field: string;
  note: string;
}

export class InteropError extends Error {
  constructor(readonly problems: InteropProblem[]) {
    super(problems.map((p) => `${p.record}${p.field ? ` ${p.field}` : ''}: ${p.message}`).join('; '));
  }
}

/** The staged records of one import, by model. */
export interface ContentRecords {
  maplevel: Rec[];
  markerdefinition: Rec[];
  placedmarker: Rec[];
}

/** What reading a map's content gives: its records and what has no place here. */
export interface ContentImport {
  records: ContentRecords;
  notes: MappingNote[];
  /**
   * The map whose whole content the source is, when an export of this site says so: a marker of that
   * map the source lacks was deleted there, not merely left out.
   */
  wholeMapOf?: string;
}

/** The map a content file is read into. */
export interface ImportTarget {
  gameId: string;
  mapId: string;
  /** The map's picture in pixels and zoom depth: positions are stored as both. */
  width: number;
  height: number;
  maxZoom: number;
  /** Names the source (a wiki page, a file): with each record's id in it, it keys re-imports. */
  source: string;
  /** The wiki's article address (`https://x.wiki.gg/wiki/`): internal links become links to it. */
  articleUrl?: string;
}

/** What a map's export is written from: the map, its floors, its markers and the definitions they use. */
export interface ExportSource {
  map: Rec;
  width: number;
  height: number;
  maxZoom: number;
  levels: Rec[];
  definitions: Rec[];
  markers: Rec[];
}
