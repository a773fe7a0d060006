import * as shared from '@waypoint/shared/pins/pins-messages';
import { translated } from '../translate.ts';

/** The shared texts (pins-messages), read in the interface language. */
export const pinsMessages = translated('pins', shared.pinsMessages);
