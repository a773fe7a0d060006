/**
 * The limits and colours of a player's own pins, apart from their zod schemas (schemas.ts): the map
 * page's first load uses these and carries no validation library.
 */
/** Most pins one player keeps on one map. */
export const MAX_PINS_PER_MAP = 5_000;
/** Longest note, on a pin or on a placed marker, in characters. */
export const MAX_NOTE_LENGTH = 2_000;
/** Longest pin name. */
export const MAX_PIN_NAME_LENGTH = 100;

/** The colours a pin can have, with the colour drawn and its name (a key of pinsMessages). */
export const pinColours = {
  red: { hex: '#e03131', labelKey: 'colourRed' },
  orange: { hex: '#f76707', labelKey: 'colourOrange' },
  yellow: { hex: '#f1c40f', labelKey: 'colourYellow' },
  green: { hex: '#2f9e44', labelKey: 'colourGreen' },
  blue: { hex: '#1c7ed6', labelKey: 'colourBlue' },
  purple: { hex: '#9c36b5', labelKey: 'colourPurple' },
} as const;
export type PinColour = keyof typeof pinColours;
export const pinColourKeys = Object.keys(pinColours) as [PinColour, ...PinColour[]];
export const defaultPinColour: PinColour = 'red';
