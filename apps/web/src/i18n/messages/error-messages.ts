import * as shared from '@waypoint/shared/error-messages';
import { translated } from '../translate.ts';

/** The shared texts (error-messages), read in the interface language. */
export const errorMessages = translated('errors', shared.errorMessages);
