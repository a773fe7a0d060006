import { constants } from '../constants.ts';
import { suggestion as suggestionModel } from '../models/content.ts';
import type { ModelDef } from '../models/define.ts';
import { type SuggestionType, suggestionTypeModel } from '../models/enums.ts';
import { getModel, type ModelKey } from '../models/registry.ts';
import { suggestMessages } from '../suggest-messages.ts';
import { idFromName, type TNewSuggestion } from './schemas.ts';

/**
 * Suggesting new content outside the map (§2.7, §5): a game, a category or a map of a game, a quest,
 * and a marker category (marker definition).
 */
export const contentSuggestionTypes = ['GAME', 'MAP', 'CATEGORY', 'QUEST', 'MARKER_DEFINITION'] as const;
export type ContentSuggestionType = (typeof contentSuggestionTypes)[number];

/** The options of the suggest-anything modal, in order (§2.7). */
export const suggestAnythingOptions = ['GAME', 'MAP', 'CATEGORY', 'QUEST'] as const satisfies readonly (
  | ContentSuggestionType
  | SuggestionType
)[];

/** What a suggestion form holds; each type shows the fields `suggestFields` names. */
export interface SuggestFormValues {
  gameId: string;
  name: string;
  categoryId: string;
  preferredMap: string;
  description: string;
  iconUrl: string;
  wrapperColor: string;
  innerColor: string;
  polygon: boolean;
  polygonColor: string;
}
export type SuggestFieldName = keyof SuggestFormValues;

export function emptySuggestForm(preset: Partial<SuggestFormValues> = {}): SuggestFormValues {
  return {
    gameId: '',
    name: '',
    categoryId: '',
    preferredMap: '',
    description: '',
    iconUrl: '',
    wrapperColor: '',
    innerColor: '',
    polygon: false,
    polygonColor: '',
    ...preset,
  };
}

/**
 * How a field is entered: `game` a select of the games; `category` and `map` selects of the chosen
 * game's categories and maps.
 */
export type SuggestFieldKind = 'game' | 'text' | 'category' | 'map' | 'textarea' | 'url' | 'colour' | 'flag';

export interface SuggestField {
  name: SuggestFieldName;
  kind: SuggestFieldKind;
  required: boolean;
}

/** The marker category form (§5): Game and Name required, the rest optional. */
const markerCategoryFields: SuggestField[] = [
  { name: 'gameId', kind: 'game', required: true },
  { name: 'name', kind: 'text', required: true },
  { name: 'description', kind: 'textarea', required: false },
  { name: 'iconUrl', kind: 'url', required: false },
  { name: 'wrapperColor', kind: 'colour', required: false },
  { name: 'innerColor', kind: 'colour', required: false },
  { name: 'polygon', kind: 'flag', required: false },
  { name: 'polygonColor', kind: 'colour', required: false },
];

/** The line-break marker between a suggested marker category's description and its icon URL (§3). */
export const markerDescriptionLineBreak = '<br/>';

const formKeys = new Set<string>(Object.keys(emptySuggestForm()));

export const modelOfSuggestion = (type: ContentSuggestionType): ModelDef =>
  getModel(suggestionTypeModel[type] as ModelKey);

/**
 * The fields of the form of a type, from the registry: the parent game as a select, the required
 * text fields, then the category and map selects (loaded by the chosen game).
 */
export function suggestFields(type: ContentSuggestionType): SuggestField[] {
  if (type === 'MARKER_DEFINITION') return markerCategoryFields;
  const model = modelOfSuggestion(type);
  const out: SuggestField[] = [];
  if (model.parent?.model === 'game')
    out.push({ name: model.parent.field as 'gameId', kind: 'game', required: true });
  const selects: SuggestField[] = [];
  for (const [name, field] of Object.entries(model.fields)) {
    if (name === '_id' || field.readOnly || !formKeys.has(name)) continue;
    const key = name as SuggestFieldName;
    if (field.form === 'text' && field.required) out.push({ name: key, kind: 'text', required: true });
    else if (field.form === 'category_select') selects.push({ name: key, kind: 'category', required: false });
    else if (field.form === 'map_select') selects.push({ name: key, kind: 'map', required: false });
  }
  return [...out, ...selects];
}

/** The description of a suggested marker category: description, line break, icon URL (§3). */
export function markerCategoryDescription(description: string, iconUrl: string): string {
  const text = description.trim();
  const url = iconUrl.trim();
  if (!url) return text;
  return text ? `${text}${markerDescriptionLineBreak}${url}` : url;
}

/** A newly suggested quest starts empty: no objectives, rewards, previous quest or location, level 0 (§5). */
export const newQuestDefaults = {
  objectives: [] as string[],
  rewards: [] as string[],
  previous: '',
  questLevel: constants.suggestedQuestLevel,
  location: [] as string[],
};

/** The element a form describes, as the suggestion's `data`. Its id comes from its name (§5). */
export function suggestionElement(
  type: ContentSuggestionType,
  values: SuggestFormValues,
): Record<string, unknown> {
  const name = values.name.trim();
  const element: Record<string, unknown> = { _id: idFromName(name), name };
  const model = modelOfSuggestion(type);
  if (model.parent?.model === 'game') element[model.parent.field] = values.gameId;
  for (const field of suggestFields(type)) {
    if ((field.kind === 'category' || field.kind === 'map') && values[field.name]) {
      element[field.name] = values[field.name];
    }
  }
  if (type === 'QUEST') Object.assign(element, newQuestDefaults);
  if (type === 'MARKER_DEFINITION') {
    Object.assign(element, {
      markerDefinitionType: values.polygon ? 'POLYGON' : 'SVG',
      description: markerCategoryDescription(values.description, values.iconUrl),
      wrapperColor: values.wrapperColor.trim(),
      innerColor: values.innerColor.trim(),
      polygonColor: values.polygon ? values.polygonColor.trim() : '',
    });
  }
  return element;
}

/** The form field a problem with the element's field belongs to ('' when none shows it). */
export function formFieldOfElement(
  type: ContentSuggestionType,
  path: readonly string[],
): SuggestFieldName | '' {
  const [first] = path;
  if (first === undefined) return '';
  // The id is made from the name; the description also carries the icon URL.
  if (first === '_id') return 'name';
  const shown = suggestFields(type).some((f) => f.name === first);
  return shown ? (first as SuggestFieldName) : '';
}

/**
 * The form field of a problem the server names (`body.data.<field>`, `body.parentId`,
 * `body.imageUrl`); '' when no field shows it.
 */
export function formFieldOfServerError(type: ContentSuggestionType, field: string): SuggestFieldName | '' {
  if (field === 'body.parentId') return type === 'GAME' ? 'name' : 'gameId';
  if (field === 'body.imageUrl') return type === 'MARKER_DEFINITION' ? 'iconUrl' : '';
  if (field.startsWith('body.data.'))
    return formFieldOfElement(type, field.slice('body.data.'.length).split('.'));
  return '';
}

export type BuiltSuggestion =
  | { ok: true; suggestion: TNewSuggestion }
  | { ok: false; errors: Partial<Record<SuggestFieldName | '', string>> };

/**
 * Checks a form with the rules of §5 and the registry schema of the type, and builds the body of
 * `POST /api/suggestion`: an ADD under the chosen game (a game is its own parent).
 */
export function buildSuggestion(type: ContentSuggestionType, values: SuggestFormValues): BuiltSuggestion {
  const errors: Partial<Record<SuggestFieldName | '', string>> = {};
  for (const field of suggestFields(type)) {
    const value = values[field.name];
    if (field.required && (typeof value !== 'string' || !value.trim()))
      errors[field.name] = suggestMessages.fieldRequired;
  }
  const element = suggestionElement(type, values);
  const checked = modelOfSuggestion(type).schema.safeParse(element);
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const key = formFieldOfElement(type, issue.path.map(String));
      errors[key] ??= issue.message;
    }
  }
  let imageUrl = '';
  if (type === 'MARKER_DEFINITION') {
    imageUrl = values.iconUrl.trim();
    const link = suggestionModel.fields.imageUrl.zod.safeParse(imageUrl);
    if (!link.success) errors.iconUrl ??= link.error.issues[0]?.message ?? suggestMessages.fieldRequired;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const parentId = type === 'GAME' ? String(element._id) : values.gameId;
  return {
    ok: true,
    suggestion: { type, action: 'ADD', parentId, data: JSON.stringify(element), imageUrl },
  };
}
