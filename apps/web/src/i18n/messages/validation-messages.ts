import * as shared from '@waypoint/shared/validation-messages';
import { translated } from '../translate.ts';

/** The shared texts (validation-messages), read in the interface language. */
export const validationMessages = translated('validation', shared.validationMessages);
