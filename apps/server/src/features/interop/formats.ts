/**
 * The server's part of each format of the registry (`@waypoint/shared/interop/formats`), keyed by the
 * same ids: how a file is staged and, where the format exports, how a map is written. The import and
 * export routes and `npm run import` are made from these lists; a model's record files are read in
 * features/imports (record-files.ts).
 */
import type {
  BinaryFormatId,
  ExportFormatId,
  GameContentFormatId,
  MapContentFormatId,
} from '@waypoint/shared/interop/formats';
import { type ContentUpload, zGeoJsonExportQuery } from '@waypoint/shared/interop/requests';
import type { AppContext } from '../../context.ts';
import { parse } from '../../http/errors.ts';
import type { Actor } from '../audit/audit.ts';
import type { ImageService } from '../images/images.service.ts';
import type { StagingContext } from '../imports/staging.ts';
import { exportContent, stageContent } from './content-import.ts';
import { uploadedFragments } from './datamaps-files.ts';
import { exportPackage, stagePackage } from './map-package.ts';
import { stageTarkovDev } from './tarkov-import.ts';

/** What staging a text file's records gives: counts by model, and what has no place here. */
export interface TextStageResult {
  staged: Record<string, number>;
  unchanged: number;
  notes: Array<{ record: string; field: string; note: string }>;
}

/** A text format's staging: the file (its text and choices as uploaded) read into a map or game. */
interface TextFormat {
  stage(
    ctx: StagingContext,
    input: { targetId: string; upload: ContentUpload },
    actor: Actor,
  ): Promise<TextStageResult>;
  /** The command line after `npm run import --` (README "Moving a map"). */
  usage: string;
  /** Includes other pages, sent with it (`fragments`, `archive`; `--fragments` on the command line). */
  includesPages?: true;
}

/** A format sent as bytes (a zip): read into a game, the one it names when none is given. */
interface BinaryFormat {
  stage(
    ctx: Pick<AppContext, 'db' | 'store'> & StagingContext,
    pictures: Pick<ImageService, 'stageFromBytes' | 'discardStaged' | 'storedDigest'>,
    input: { gameId?: string; bytes: Uint8Array },
    actor: Actor,
  ): Promise<TextStageResult & { mapId: string; pictures: number }>;
  usage: string;
}

/** A map written in a format: its file's content (an object answered as JSON, or bytes). */
type MapExport = (
  ctx: Pick<AppContext, 'db' | 'store'> & StagingContext,
  request: { mapId: string; query: unknown; site: string },
) => Promise<unknown>;

export const mapContentStaging: Record<MapContentFormatId, TextFormat> = {
  datamaps: {
    stage: (ctx, { targetId, upload: { fragments, archive, ...upload } }, actor) =>
      stageContent(
        ctx,
        {
          mapId: targetId,
          format: 'datamaps',
          ...upload,
          fragments: uploadedFragments({ fragments, archive }),
        },
        actor,
      ),
    usage:
      '<page.json> --datamaps <mapId> [--source <name>] [--article-url <url>] [--fragments <folder|zip>]',
  },
  geojson: {
    // Fragments are DataMaps pages; GeoJSON includes none.
    stage: (ctx, { targetId, upload: { fragments: _fragments, archive: _archive, ...upload } }, actor) =>
      stageContent(ctx, { mapId: targetId, format: 'geojson', ...upload, fragments: [] }, actor),
    usage:
      '<file.geojson> --geojson <mapId> [--source <name>] [--definition-property <property>] [--default-definition <id>] [--reference-points <x,y,lon,lat;x,y,lon,lat>]',
  },
};

export const gameContentStaging: Record<GameContentFormatId, TextFormat> = {
  'tarkov-dev': {
    stage: (ctx, { targetId, upload: { source, content } }, actor) =>
      stageTarkovDev(ctx, { gameId: targetId, source, content }, actor),
    usage: '<answer.json> --tarkov-dev <gameId> [--source <name>]',
  },
};

export const binaryStaging: Record<BinaryFormatId, BinaryFormat> = {
  package: { stage: stagePackage, usage: '<map.zip> --package [--game <gameId>]' },
};

export const mapExports: Record<ExportFormatId, MapExport> = {
  datamaps: (ctx, { mapId, query }) =>
    exportContent(ctx, mapId, 'datamaps', parse(zGeoJsonExportQuery, query, 'query').coords),
  geojson: (ctx, { mapId, query }) =>
    exportContent(ctx, mapId, 'geojson', parse(zGeoJsonExportQuery, query, 'query').coords),
  package: (ctx, { mapId, site }) => exportPackage(ctx, mapId, site),
};
