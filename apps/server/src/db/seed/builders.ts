import type { Input } from './types.ts';

/** Map image sizes are generated procedurally by the image step; the records only declare them. */
export interface MapSpec {
  gameId: string;
  categoryId: string;
  id: string;
  name: string;
  width: number;
  height: number;
  weight: number;
  maxZoom?: number;
  authorName?: string;
  authorLink?: string;
  attribution?: string;
  /** The map's game coordinates (packages/shared/src/map/coords.ts). */
  coords?: { scale: number; offsetX: number; offsetY: number; rotation: number; unit: string };
}

export function mapRecord(spec: MapSpec): Input<'map'> {
  if (spec.width < 4096 || spec.width > 6144 || spec.height < 4096 || spec.height > 6144) {
    throw new Error(`map ${spec.id}: image size out of range`);
  }
  return {
    _id: spec.id,
    name: spec.name,
    gameId: spec.gameId,
    categoryId: spec.categoryId,
    weight: spec.weight,
    enabled: true,
    authorName: spec.authorName ?? '',
    authorLink: spec.authorLink ?? '',
    attribution: spec.attribution ?? '',
    maxZoom: spec.maxZoom ?? 5,
    overwolfLocationEnabled: true,
    ...(spec.coords
      ? {
          coordScale: spec.coords.scale,
          coordOffsetX: spec.coords.offsetX,
          coordOffsetY: spec.coords.offsetY,
          coordRotation: spec.coords.rotation,
          coordUnit: spec.coords.unit,
        }
      : {}),
    imageProcessStatus: 'NONE',
    images: {
      mapImage: { fileName: 'map.png', imageWidth: spec.width, imageHeight: spec.height, version: '' },
    },
  };
}

/** Size of the icon drawn for IMAGE marker definitions. */
export const MARKER_ICON_SIZE = 64;

type DefinitionInput = Omit<Input<'markerdefinition'>, 'gameId' | 'images'>;

/** A marker definition of a game; IMAGE definitions declare an icon for the image step to draw. */
export function definition(gameId: string, spec: DefinitionInput): Input<'markerdefinition'> {
  const record: Input<'markerdefinition'> = { gameId, disabled: true, completable: true, ...spec };
  if (spec.markerDefinitionType === 'IMAGE') {
    record.images = {
      image: {
        fileName: 'icon.png',
        imageWidth: MARKER_ICON_SIZE,
        imageHeight: MARKER_ICON_SIZE,
        version: '',
      },
    };
  }
  return record;
}

/** Rows of a `|`-separated table kept in a template string: one record per line, `#` starts a comment. */
export function table(text: string): string[][] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => line.split('|').map((cell) => cell.trim()));
}

/** A `;`-separated cell as a list (empty cell or `-` gives an empty list). */
export function list(cell: string | undefined): string[] {
  if (!cell || cell === '-') return [];
  return cell
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean);
}

export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
