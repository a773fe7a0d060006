import { constants } from '../constants.ts';
import { messages } from '../messages.ts';
import { placedmarker } from '../models/content.ts';
import { isWebLink } from '../models/fields.ts';
import { editingMessages } from './editing-messages.ts';

/** The placed-marker fields a contributor edits in the 'Editing marker' panel, as form text. */
export interface MarkerEditValues {
  name: string;
  description: string;
  markerDefinitionId: string;
  level: string;
  questId: string;
  questObjective: string;
  itemId: string;
  /** One address per image, up to five; empty entries are unused. */
  imageUrls: string[];
}

type MarkerLike = Partial<Record<keyof Omit<MarkerEditValues, 'imageUrls' | 'level'>, unknown>> & {
  level?: unknown;
};

const str = (value: unknown) => (typeof value === 'string' ? value : '');

export function markerEditValues(marker: MarkerLike): MarkerEditValues {
  const level = typeof marker.level === 'number' ? marker.level : constants.defaultMarkerLevel;
  return {
    name: str(marker.name),
    description: str(marker.description),
    markerDefinitionId: str(marker.markerDefinitionId),
    // The default level means "every floor": an empty box, not a raw -1.
    level: level === constants.defaultMarkerLevel ? '' : String(level),
    questId: str(marker.questId),
    questObjective: str(marker.questObjective),
    itemId: str(marker.itemId),
    imageUrls: Array.from({ length: constants.maxPlacedMarkerImages }, () => ''),
  };
}

export type MarkerEditResult =
  | { ok: true; patch: Record<string, unknown>; imageUrls: string[] }
  | { ok: false; errors: Record<string, string> };

/**
 * The change a filled-in edit form makes to `original`: only the fields that differ, checked with
 * the placed marker's patch schema of the registry; image addresses must be http(s). Errors are
 * keyed by form field (`name`, `level`, `imageUrls.2`).
 */
export function markerEditPatch(values: MarkerEditValues, original: MarkerLike): MarkerEditResult {
  const errors: Record<string, string> = {};
  const before = markerEditValues(original);
  const level = values.level.trim() === '' ? constants.defaultMarkerLevel : Number(values.level);
  if (!Number.isFinite(level)) errors.level = messages.notANumber;

  const candidate: Record<string, unknown> = {
    name: values.name,
    description: values.description,
    markerDefinitionId: values.markerDefinitionId,
    questId: values.questId,
    // An objective belongs to its quest: no quest, no objective.
    questObjective: values.questId ? values.questObjective : '',
    itemId: values.itemId,
  };
  if (!errors.level) candidate.level = level;
  const patch: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(candidate)) {
    const was =
      field === 'level'
        ? before.level === ''
          ? constants.defaultMarkerLevel
          : Number(before.level)
        : before[field as keyof MarkerEditValues];
    if (value !== was) patch[field] = value;
  }

  const parsed = placedmarker.patchSchema.safeParse(patch);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'form');
      errors[field] ??= issue.message;
    }
  }

  const imageUrls: string[] = [];
  values.imageUrls.slice(0, constants.maxPlacedMarkerImages).forEach((raw, n) => {
    const url = raw.trim();
    if (!url) return;
    if (!isWebLink(url)) errors[`imageUrls.${n}`] = editingMessages.imageUrlInvalid;
    else imageUrls.push(url);
  });

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, patch: parsed.success ? (parsed.data as Record<string, unknown>) : patch, imageUrls };
}

/** A field error of the server (`body.data.name`, `body.level`) as the form field it is about. */
export function formFieldOf(serverField: string): string {
  return serverField.replace(/^body\./, '').replace(/^data\./, '');
}
