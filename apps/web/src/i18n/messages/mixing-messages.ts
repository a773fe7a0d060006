import * as shared from '@waypoint/shared/mixing-messages';
import { translated } from '../translate.ts';

/** The shared texts (mixing-messages), read in the interface language. */
export const mixingMessages = translated('mixing', shared.mixingMessages);
