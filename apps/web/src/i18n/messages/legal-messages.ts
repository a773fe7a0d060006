import * as shared from '@waypoint/shared/legal-messages';
import { translated } from '../translate.ts';

/** The shared texts (legal-messages), read in the interface language. */
export const legalMessages = translated('legal', shared.legalMessages);
