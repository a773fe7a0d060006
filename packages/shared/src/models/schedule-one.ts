import { z } from 'zod';
import { defineModel } from './define.ts';
import { f, zId } from './fields.ts';

/**
 * Schedule I's game data as content of a game: products, mixing ingredients with their replacement
 * rules, effects and customers, plus known recipes. Admins correct them in the admin panel after a
 * game patch and contributors suggest corrections, like any other content; the mixing tools read
 * them through one cached request (`GET /api/mixing/{gameId}`).
 */

const name = (max = 200) => z.string().trim().min(1, 'Required').max(max);
/** A pair of numbers (a position or a direction on the game's mixer map). */
const zVector = z.tuple([z.number().min(-1e6).max(1e6), z.number().min(-1e6).max(1e6)]);
/** A range of whole or fractional numbers, e.g. a weekly spend of 600–1000. */
export const zRange = z.object({ min: z.number().min(-1e9).max(1e9), max: z.number().min(-1e9).max(1e9) });
/** One replacement rule of an ingredient: mixing it into a product with `from` turns that into `to`. */
export const zMixRule = z.object({ from: name(), to: name() });

export const mixeffect = defineModel({
  key: 'mixeffect',
  label: 'Effect',
  fields: {
    _id: f.id(),
    gameId: f.parent('game'),
    name: f.requiredText({ max: 200 }),
    /** Other spellings accepted in links and searches ('Anti-Gravity' for 'Anti-gravity'). */
    aliases: f.tags(20),
    /** Canonical order: the game keeps a product's effects sorted by it, and evaluates rules in it. */
    order: f.integer(0, { min: 0, max: 1000 }),
    tier: f.integer(1, { min: 0, max: 10 }),
    /** Share of the product's base price the effect adds to its value. */
    multiplier: f.number(0, { min: -10, max: 10 }),
    valueChange: f.number(0),
    valueMultiplier: f.number(1),
    addictiveness: f.number(0, { min: 0, max: 1 }),
    labelColor: f.colour(),
    productColor: f.colour(),
    mixDirection: f.json(zVector.default([0, 0])),
    mixMagnitude: f.number(0),
    mapPosition: f.json(zVector.default([0, 0])),
    mapRadius: f.number(0.4, { min: 0 }),
    /** False for effects no ingredient or rule can produce. */
    obtainable: f.boolean(true),
  },
  parent: { model: 'game', field: 'gameId' },
  sort: [
    ['order', 'asc'],
    ['name', 'asc'],
  ],
  read: 'guest',
  write: 'admin',
});

export const mixingredient = defineModel({
  key: 'mixingredient',
  label: 'Ingredient',
  fields: {
    _id: f.id(),
    gameId: f.parent('game'),
    name: f.requiredText({ max: 200 }),
    price: f.number(0, { min: 0, max: 1_000_000 }),
    /** The effect the ingredient adds to a product (an effect's name). */
    baseEffect: f.requiredText({ max: 200 }),
    unlockRank: f.text({ max: 100 }),
    /** True when the shop really refuses to sell it below `unlockRank`. */
    rankRequiredToBuy: f.boolean(false),
    /** Replacement rules in the order the game evaluates them (effect names). */
    rules: f.list(zMixRule, 200),
  },
  parent: { model: 'game', field: 'gameId' },
  sort: [
    ['price', 'asc'],
    ['name', 'asc'],
  ],
  read: 'guest',
  write: 'admin',
});

export const mixproduct = defineModel({
  key: 'mixproduct',
  label: 'Product',
  fields: {
    _id: f.id(),
    gameId: f.parent('game'),
    name: f.requiredText({ max: 200 }),
    /** weed, meth, cocaine, shrooms: what customers' product affinity is keyed on. */
    type: f.text({ max: 40, filterable: true }),
    drugType: f.text({ max: 100 }),
    basePrice: f.number(0, { min: 0, max: 1_000_000 }),
    baseEffects: f.tags(8),
    baseAddictiveness: f.number(0, { min: 0, max: 1 }),
    unlockRank: f.text({ max: 100 }),
    /** False while the product's own mixing rules are not confirmed against the game. */
    mixingVerified: f.boolean(true),
    weight: f.number(0),
  },
  parent: { model: 'game', field: 'gameId' },
  sort: [
    ['weight', 'desc'],
    ['basePrice', 'asc'],
    ['name', 'asc'],
  ],
  read: 'guest',
  write: 'admin',
});

export const customer = defineModel({
  key: 'customer',
  label: 'Customer',
  fields: {
    _id: f.id(),
    gameId: f.parent('game'),
    name: f.requiredText({ max: 200 }),
    region: f.text({ max: 100, filterable: true }),
    standards: f.text({ max: 40 }),
    expectedQuality: f.text({ max: 40 }),
    favouriteEffects: f.tags(20),
    weeklySpend: f.json(zRange.default({ min: 0, max: 0 })),
    ordersPerWeek: f.json(zRange.default({ min: 0, max: 0 })),
    preferredOrderDay: f.text({ max: 20 }),
    orderTime: f.text({ max: 10 }),
    /** How much the customer likes each product type, from -1 to 1. */
    productAffinity: f.json(z.record(z.string().max(40), z.number().min(-1).max(1)).default({})),
    connections: f.tags(50),
    baseAddiction: f.number(0, { min: 0, max: 1 }),
    callPoliceChance: f.number(0, { min: 0, max: 1 }),
    canBeDirectlyApproached: f.boolean(true),
    mutualRelationRequirement: f.json(zRange.default({ min: 0, max: 0 })),
  },
  parent: { model: 'game', field: 'gameId' },
  sort: [
    ['region', 'asc'],
    ['name', 'asc'],
  ],
  read: 'guest',
  write: 'admin',
});

export const mixrecipe = defineModel({
  key: 'mixrecipe',
  label: 'Recipe',
  fields: {
    _id: f.id(),
    gameId: f.parent('game'),
    name: f.requiredText({ max: 200 }),
    /** The product mixed (a product id). */
    productId: f.requiredRef('mixproduct', { filterable: true }),
    /** Ingredient ids in mixing order. */
    ingredients: f.list(zId, 64),
    authorName: f.text({ max: 200 }),
    description: f.html(),
    weight: f.number(0),
  },
  parent: { model: 'game', field: 'gameId' },
  sort: [
    ['weight', 'desc'],
    ['name', 'asc'],
  ],
  read: 'guest',
  write: 'admin',
});
