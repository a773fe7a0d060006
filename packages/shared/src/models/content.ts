import { z } from 'zod';
import { constants } from '../constants.ts';
import { syncQuestPrerequisites } from '../domain/quests.ts';
import { defineModel } from './define.ts';
import {
  additionalFeatures,
  backgroundShapes,
  imageProcessStatuses,
  markerDefinitionTypes,
  suggestionActions,
  suggestionStatuses,
  suggestionTypes,
} from './enums.ts';
import { f, zId, zWebLink } from './fields.ts';

const weight = () => f.number(0);

export const game = defineModel({
  key: 'game',
  label: 'Game',
  fields: {
    _id: f.id(),
    name: f.requiredText(),
    description: f.html(),
    weight: weight(),
    additionalFeatures: f.list(z.enum(additionalFeatures), 10, 'additional_features'),
    content: f.html(),
    /** Prices of the game's tools show with it: a symbol ('$', '₽') or a word ('gold'). */
    currency: f.text({ max: 12 }),
    /**
     * Net votes (up minus down) at which an open suggestion of the game is announced to its
     * moderators and the admins, once; 0: never.
     */
    voteThreshold: f.integer(0, { min: 0, max: 1_000_000 }),
  },
  children: [
    { as: 'categories', model: 'category', field: 'gameId' },
    { as: 'maps', model: 'map', field: 'gameId' },
    { as: 'quests', model: 'quest', field: 'gameId' },
    { as: 'items', model: 'item', field: 'gameId' },
    { as: 'markerDefinitions', model: 'markerdefinition', field: 'gameId' },
    { as: 'traders', model: 'trader', field: 'gameId' },
    { as: 'hideoutModules', model: 'hideoutmodule', field: 'gameId' },
    { as: 'mixProducts', model: 'mixproduct', field: 'gameId' },
    { as: 'mixIngredients', model: 'mixingredient', field: 'gameId' },
    { as: 'mixEffects', model: 'mixeffect', field: 'gameId' },
    { as: 'mixRecipes', model: 'mixrecipe', field: 'gameId' },
    { as: 'customers', model: 'customer', field: 'gameId' },
  ],
  imageFields: ['image', 'icon'],
  sort: [
    ['weight', 'desc'],
    ['name', 'asc'],
  ],
  read: 'guest',
  write: 'admin',
});

export const category = defineModel({
  key: 'category',
  label: 'Category',
  fields: {
    _id: f.id(),
    gameId: f.parent('game'),
    name: f.requiredText(),
    weight: weight(),
    preferredMap: f.ref('map', { form: 'map_select' }),
  },
  parent: { model: 'game', field: 'gameId' },
  children: [{ as: 'maps', model: 'map', field: 'categoryId' }],
  imageFields: ['image'],
  sort: [
    ['weight', 'desc'],
    ['name', 'asc'],
  ],
  read: 'guest',
  write: 'admin',
});

export const map = defineModel({
  key: 'map',
  label: 'Map',
  fields: {
    _id: f.id(),
    name: f.requiredText(),
    gameId: f.parent('game'),
    categoryId: f.ref('category', { form: 'category_select', filterable: true }),
    weight: weight(),
    enabled: f.boolean(true),
    authorName: f.text(),
    authorLink: f.link(),
    attribution: f.html(),
    tilesPath: f.text({ readOnly: true }),
    maxZoom: f.integer(0, { min: 0, max: 10 }),
    overwolfLocationEnabled: f.boolean(true),
    imageProcessStatus: f.enumOf(imageProcessStatuses, 'NONE', 'text', { readOnly: true }),
    imageProcessError: f.text({ readOnly: true }),
    /** How far the map-processing job is, 0-100. */
    imageProcessProgress: f.integer(0, { readOnly: true, min: 0, max: 100 }),
    imagePath: f.text({ readOnly: true }),
    /**
     * The map's game coordinates (map/coords.ts): map pixels per game unit (empty: the map shows map
     * pixels), the map pixel of the game's origin, and the game axes' turn in degrees, counter-clockwise.
     * Game y grows up the map, as in tarkov.dev's map transforms.
     */
    coordScale: f.nullableNumber({ positive: true }),
    coordOffsetX: f.number(0),
    coordOffsetY: f.number(0),
    coordRotation: f.number(0, { min: -360, max: 360 }),
    /** The game unit's short name ('m'), shown after distances. */
    coordUnit: f.text({ max: 12 }),
    /**
     * The map's geographic bounds in degrees (WGS 84, as GeoJSON files of GIS tools are written): the
     * picture's left, bottom, right and top edges. All four set: GeoJSON in longitude/latitude is read
     * into the map and written from it (interop/geojson-content.ts); empty: the map has no place on Earth.
     */
    geoWest: f.nullableNumber(),
    geoSouth: f.nullableNumber(),
    geoEast: f.nullableNumber(),
    geoNorth: f.nullableNumber(),
  },
  parent: { model: 'game', field: 'gameId' },
  children: [{ as: 'levels', model: 'maplevel', field: 'mapId' }],
  imageFields: ['mapImage'],
  sort: [
    ['weight', 'desc'],
    ['name', 'asc'],
  ],
  read: 'guest',
  write: 'admin',
  publicFilter: { enabled: true },
});

/**
 * A floor of a map (basement, ground floor, a cave under the surface): its own picture, of the
 * map picture's size, cut into its own tiles. `level` is the number placed markers name (their
 * `level`; -1 is every floor); levels are ordered by it, lowest at the bottom.
 */
export const maplevel = defineModel({
  key: 'maplevel',
  label: 'Map level',
  fields: {
    _id: f.id(),
    mapId: f.parent('map'),
    level: f.integer(0, { min: 0, max: constants.maxMapLevel, filterable: true }),
    name: f.requiredText({ max: 100 }),
    /** The floor control's button text ('B1', 'G', '2'); the level number when empty. */
    shortLabel: f.text({ max: 4 }),
    /** The floor a visit opens on (the lowest level when none is flagged). */
    isDefault: f.boolean(false),
    tilesPath: f.text({ readOnly: true }),
    maxZoom: f.integer(0, { readOnly: true, min: 0, max: 10 }),
    imageProcessStatus: f.enumOf(imageProcessStatuses, 'NONE', 'text', { readOnly: true }),
    imageProcessError: f.text({ readOnly: true }),
    imageProcessProgress: f.integer(0, { readOnly: true, min: 0, max: 100 }),
    imagePath: f.text({ readOnly: true }),
  },
  parent: { model: 'map', field: 'mapId' },
  imageFields: ['levelImage'],
  unique: [['mapId', 'level']],
  sort: [
    ['level', 'asc'],
    ['name', 'asc'],
  ],
  read: 'guest',
  write: 'admin',
});

export const quest = defineModel({
  key: 'quest',
  label: 'Quest',
  fields: {
    _id: f.id(),
    gameId: f.parent('game'),
    name: f.requiredText(),
    description: f.html(),
    questLevel: f.integer(constants.defaultQuestLevel, { min: -1, max: 1000 }),
    traderId: f.ref('trader', { filterable: true }),
    /** The first of `requires` (the SPEC's one precondition): kept in step with it on every write. */
    previous: f.ref('quest', { filterable: true }),
    /** Every earlier quest this one needs, all of them; the first is `previous`. */
    requires: f.refs('quest', constants.maxQuestPrerequisites),
    objectives: f.tags(constants.maxQuestObjectives),
    rewards: f.tags(),
    location: f.tags(),
    wikiLink: f.link(),
    hidden: f.boolean(false),
  },
  parent: { model: 'game', field: 'gameId' },
  derived: syncQuestPrerequisites,
  sort: [
    ['questLevel', 'asc'],
    ['name', 'asc'],
  ],
  read: 'guest',
  write: 'admin',
});

/** A requirement of an item: for a quest, a hideout module level, or (crafting) a component item. */
export const zItemRequirement = z.object({
  quantity: z.number().int().min(1).max(1_000_000),
  findOnly: z.boolean().default(false),
  questId: z.union([zId, z.literal('')]).optional(),
  hideoutModuleLevel: z.object({ moduleId: zId, level: z.number().int().min(0).max(100) }).optional(),
  itemId: zId.optional(),
});
export type TItemRequirement = z.infer<typeof zItemRequirement>;

export const item = defineModel({
  key: 'item',
  label: 'Item',
  fields: {
    _id: f.id(),
    gameId: f.parent('game'),
    itemName: f.requiredText(),
    type: f.text({ filterable: true }),
    questItem: f.boolean(false),
    owned: f.integer(0, { min: 0 }),
    required: f.list(zItemRequirement, 500),
    pricePerUnit: f.number(0, { min: 0 }),
    resultQuantity: f.integer(1, { min: 1 }),
    weight: weight(),
  },
  parent: { model: 'game', field: 'gameId' },
  imageFields: ['icon', 'image'],
  sort: [
    ['weight', 'desc'],
    ['itemName', 'asc'],
  ],
  read: 'guest',
  write: 'admin',
});

export const zModuleLevel = z.object({
  level: z.number().int().min(0).max(100),
  description: z.string().max(2000).default(''),
});

export const hideoutmodule = defineModel({
  key: 'hideoutmodule',
  label: 'Hideout module',
  fields: {
    _id: f.id(),
    gameId: f.parent('game'),
    moduleTitle: f.requiredText(),
    moduleLevels: f.list(zModuleLevel, 100),
  },
  parent: { model: 'game', field: 'gameId' },
  imageFields: ['image'],
  sort: [['moduleTitle', 'asc']],
  read: 'guest',
  write: 'admin',
});

export const question = defineModel({
  key: 'question',
  label: 'Question',
  fields: {
    _id: f.id(),
    gameId: f.parent('game'),
    text: f.requiredText(),
    maps: f.tags(),
    answers: f.tags(),
  },
  parent: { model: 'game', field: 'gameId' },
  sort: [['text', 'asc']],
  read: 'guest',
  write: 'admin',
});

export const trader = defineModel({
  key: 'trader',
  label: 'Trader',
  fields: {
    _id: f.id(),
    gameId: f.parent('game'),
    name: f.requiredText(),
    weight: weight(),
  },
  parent: { model: 'game', field: 'gameId' },
  imageFields: ['image'],
  sort: [
    ['weight', 'desc'],
    ['name', 'asc'],
  ],
  read: 'guest',
  write: 'admin',
});

export const markerdefinition = defineModel({
  key: 'markerdefinition',
  label: 'Marker definition',
  fields: {
    _id: f.id(),
    name: f.requiredText(),
    description: f.html(),
    gameId: f.parent('game'),
    quest: f.boolean(false),
    door: f.boolean(false),
    key: f.text(),
    markerCategory: f.text(),
    markerDefinitionType: f.enumOf(markerDefinitionTypes, 'SVG', 'marker_definition_type_select'),
    backgroundShape: f.enumOf(backgroundShapes, 'NONE', 'background_shape_select'),
    wrapperColor: f.colour(),
    innerColor: f.colour(),
    polygonColor: f.colour(),
    width: f.number(constants.defaultMarkerSize, { min: -1, max: 2000 }),
    height: f.number(constants.defaultMarkerSize, { min: -1, max: 2000 }),
    showNameLabel: f.boolean(false),
    divIconClassName: f.text({ max: 200, default: constants.defaultDivIconClassName }),
    completable: f.boolean(true),
    disabled: f.boolean(true),
    authorName: f.text(),
  },
  parent: { model: 'game', field: 'gameId' },
  imageFields: ['image'],
  sort: [['name', 'asc']],
  read: 'guest',
  write: 'admin',
});

/** The id inside a staged record's JSON `data` ('' when it has none). */
export function importedRecordId(data: unknown): string {
  if (typeof data !== 'string') return '';
  try {
    const id = (JSON.parse(data) as { _id?: unknown } | null)?._id;
    return typeof id === 'string' ? id.slice(0, 200) : '';
  } catch {
    return '';
  }
}

export const zPoint = z.tuple([z.number().min(-1e7).max(1e7), z.number().min(-1e7).max(1e7)]);

export const placedmarker = defineModel({
  key: 'placedmarker',
  label: 'Placed marker',
  fields: {
    _id: f.id(),
    name: f.text(),
    description: f.html(),
    markerDefinitionId: f.requiredRef('markerdefinition', { filterable: true }),
    mapId: f.parent('map'),
    lat: f.number(0),
    lng: f.number(0),
    imageX: f.nullableNumber(),
    imageY: f.nullableNumber(),
    questId: f.ref('quest', { filterable: true }),
    questObjective: f.text(),
    itemId: f.ref('item'),
    polygonPoints: f.list(zPoint, 10_000),
    suggestionId: f.text({ readOnly: true }),
    authorName: f.text(),
    authorLink: f.link(),
    /** The map level the marker is on; -1: every level (and the only value a map without levels needs). */
    level: f.integer(constants.defaultMarkerLevel, {
      min: -1,
      max: constants.maxMapLevel,
      scopedRef: { model: 'maplevel', field: 'level', scope: 'mapId', any: constants.defaultMarkerLevel },
    }),
    /** When a player last confirmed the marker is still there ('' never). */
    lastConfirmedAt: f.timestamp(),
    /** Players' open 'gone' or 'moved' reports since the last confirmation. */
    reportCount: f.integer(0, { readOnly: true }),
  },
  parent: { model: 'map', field: 'mapId' },
  imageFields: ['0', '1', '2', '3', '4'],
  sort: [['_id', 'asc']],
  read: 'guest',
  write: 'admin',
});

export const theme = defineModel({
  key: 'theme',
  label: 'Theme',
  fields: {
    _id: f.id(),
    name: f.requiredText(),
    primaryColor: f.colour(),
    colors: f.json(z.record(z.string().max(40), z.string().max(40)).default({})),
    weight: weight(),
  },
  sort: [
    ['weight', 'desc'],
    ['name', 'asc'],
  ],
  read: 'guest',
  write: 'admin',
});

export const suggestion = defineModel({
  key: 'suggestion',
  label: 'Suggestion',
  fields: {
    _id: f.id(),
    status: f.enumOf(suggestionStatuses, 'SAVED', 'text', { filterable: true }),
    type: f.enumOf(suggestionTypes, 'PLACED_MARKER', 'text', { filterable: true }),
    action: f.enumOf(suggestionActions, 'ADD', 'text', { filterable: true }),
    parentId: f.requiredText({ filterable: true, max: 200 }),
    userId: f.text({ readOnly: true, filterable: true }),
    username: f.text({ readOnly: true, filterable: true }),
    data: f.text({ max: 500_000 }),
    imageUrl: f.link(),
    /** Images of the element (placed markers: up to five), fetched into its image fields on accept. */
    imageUrls: f.list(zWebLink, constants.maxPlacedMarkerImages),
    weight: weight(),
    upvotes: f.integer(0, { readOnly: true }),
    downvotes: f.integer(0, { readOnly: true }),
    /** The element the suggestion changes (its `_id`; for an ADD, the id it will get). */
    targetId: f.text({ readOnly: true, filterable: true, max: 200 }),
    /** The element's `updatedAt` when the suggestion was made (UPDATE and DELETE). */
    baseUpdatedAt: f.timestamp(),
    createdAt: f.timestamp(),
  },
  sort: [
    ['weight', 'desc'],
    ['createdAt', 'desc'],
  ],
  read: 'own',
  write: 'none',
});

export const importedcrudmodel = defineModel({
  key: 'importedcrudmodel',
  label: 'Imported model',
  fields: {
    _id: f.id(),
    type: f.requiredText({ filterable: true }),
    /** The id of the record the import would create or replace: the `_id` inside `data`. */
    recordId: f.text({ readOnly: true, filterable: true, max: 200 }),
    data: f.text({ max: 500_000 }),
    weight: weight(),
    createdAt: f.timestamp(),
  },
  derived: (record) => ({ recordId: importedRecordId(record.data) }),
  sort: [
    ['weight', 'desc'],
    ['_id', 'asc'],
  ],
  read: 'admin',
  write: 'admin',
});
