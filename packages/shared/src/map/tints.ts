/** The suggestion tints of the map (§4, colours of §9), apart so that the map's layers load little. */
import { constants } from '../constants.ts';
import type { SuggestionAction } from '../models/enums.ts';

/** Tint of a drawn marker; the numbers are stored in a typed array by the map. */
export const Tint = { None: 0, Add: 1, Update: 2, Delete: 3 } as const;
export type TintValue = (typeof Tint)[keyof typeof Tint];

export const tintOfAction: Record<SuggestionAction, TintValue> = {
  ADD: Tint.Add,
  UPDATE: Tint.Update,
  DELETE: Tint.Delete,
};

/** Colour of each tint (index = tint value); '' for none. */
export const tintColors: readonly string[] = [
  '',
  constants.suggestionColors.ADD,
  constants.suggestionColors.UPDATE,
  constants.suggestionColors.DELETE,
];
