/**
 * A player's own pins and notes: private, per user and map. The rules the server checks and the
 * forms and offline queue of the map page use.
 */
import { z } from 'zod';
import { constants } from '../constants.ts';
import { zId } from '../models/fields.ts';
import { defaultPinColour, MAX_NOTE_LENGTH, MAX_PIN_NAME_LENGTH, pinColourKeys } from './limits.ts';
import { pinsMessages } from './pins-messages.ts';

export * from './limits.ts';

/** A pin's id: chosen by the device that placed it (so a create replayed after being offline is one pin). */
export const zPinId = z
  .string()
  .regex(/^pin_[A-Za-z0-9_-]{8,60}$/, 'Use pin_ and 8-60 letters, digits, _ or -');

/** Plain text, kept as written (never read as HTML). */
const zNote = z.string().max(MAX_NOTE_LENGTH, pinsMessages.noteTooLong(MAX_NOTE_LENGTH));
const zPixel = z.number().finite().min(0, 'Must be 0 or more').max(1_000_000);

const pinFields = {
  name: z.string().trim().min(1, 'Required').max(MAX_PIN_NAME_LENGTH),
  note: zNote,
  colour: z.enum(pinColourKeys),
  /** The floor it is on; -1: every floor (and the only value a map without floors needs). */
  level: z.number().int().min(constants.defaultMarkerLevel).max(constants.maxMapLevel),
  x: zPixel,
  y: zPixel,
};

/** What a player sends to place a pin. */
export const zPinInput = z.strictObject({
  ...pinFields,
  note: pinFields.note.default(''),
  colour: pinFields.colour.default(defaultPinColour),
  level: pinFields.level.default(constants.defaultMarkerLevel),
});
export type TPinInput = z.infer<typeof zPinInput>;

/** A new pin: its fields and, from a device that may replay it, its id. */
export const zNewPin = zPinInput.extend({ id: zPinId.optional() });
export type TNewPin = z.infer<typeof zNewPin>;

/** A change of some of a pin's fields. */
export const zPinChange = z.strictObject(pinFields).partial();
export type TPinChange = z.infer<typeof zPinChange>;

/** A player's note on a placed marker ('' removes it). */
export const zMarkerNoteInput = z.strictObject({ note: zNote });

export const zPinParams = z.object({ mapId: zId, pinId: zPinId });

export interface TPin extends TPinInput {
  id: string;
  mapId: string;
  createdAt: string;
  updatedAt: string;
}

export interface TMarkerNote {
  markerId: string;
  note: string;
  updatedAt: string;
}

/** `GET /api/user/pins/{mapId}`: the player's pins and marker notes on one map. */
export interface TMapPins {
  mapId: string;
  pins: TPin[];
  notes: TMarkerNote[];
}

/** Turning a pin into a marker suggestion: the marker type it is suggested as. */
export const zPinSuggestion = z.strictObject({ markerDefinitionId: zId });
