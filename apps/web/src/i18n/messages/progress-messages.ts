import * as shared from '@waypoint/shared/progress-messages';
import { translated } from '../translate.ts';

/** The shared texts (progress-messages), read in the interface language. */
export const progressMessages = translated('progress', shared.progressMessages);
