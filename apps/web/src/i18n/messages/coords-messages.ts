import * as shared from '@waypoint/shared/map/coords-messages';
import { translated } from '../translate.ts';

/** The shared texts (map/coords-messages), read in the interface language. */
export const coordsMessages = translated('coords', shared.coordsMessages);
