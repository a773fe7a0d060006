export const additionalFeatures = [
  'tarkov-items-to-keep',
  'quests',
  'schedule_I_mixing_calculator',
  'schedule_I_recipe_list',
  'schedule_I_customers',
  'schedule_I_items',
  'crafting',
] as const;
export type AdditionalFeature = (typeof additionalFeatures)[number];

export const markerDefinitionTypes = ['HTML', 'SVG', 'IMAGE', 'ROUTE', 'POLYGON'] as const;
export type MarkerDefinitionType = (typeof markerDefinitionTypes)[number];

export const backgroundShapes = ['NONE', 'CIRCLE', 'HTML'] as const;
export type BackgroundShape = (typeof backgroundShapes)[number];

export const imageProcessStatuses = ['NONE', 'PENDING', 'PROCESSING', 'DONE', 'ERROR'] as const;
export type ImageProcessStatus = (typeof imageProcessStatuses)[number];

export const suggestionStatuses = ['ACCEPTED', 'REJECTED', 'REVIEW_REQUESTED', 'SAVED'] as const;
export type SuggestionStatus = (typeof suggestionStatuses)[number];

export const suggestionTypes = [
  'GAME',
  'MAP',
  'QUEST',
  'ITEM',
  'MARKER_DEFINITION',
  'PLACED_MARKER',
  'CATEGORY',
  'MIX_PRODUCT',
  'MIX_INGREDIENT',
  'MIX_EFFECT',
  'MIX_RECIPE',
  'CUSTOMER',
] as const;
export type SuggestionType = (typeof suggestionTypes)[number];

export const suggestionActions = ['ADD', 'UPDATE', 'DELETE'] as const;
export type SuggestionAction = (typeof suggestionActions)[number];

/** Model key that each suggestion type writes to when accepted. */
export const suggestionTypeModel = {
  GAME: 'game',
  MAP: 'map',
  QUEST: 'quest',
  ITEM: 'item',
  MARKER_DEFINITION: 'markerdefinition',
  PLACED_MARKER: 'placedmarker',
  CATEGORY: 'category',
  MIX_PRODUCT: 'mixproduct',
  MIX_INGREDIENT: 'mixingredient',
  MIX_EFFECT: 'mixeffect',
  MIX_RECIPE: 'mixrecipe',
  CUSTOMER: 'customer',
} as const satisfies Record<SuggestionType, string>;
