import * as shared from '@waypoint/shared/consent-messages';
import { translated } from '../translate.ts';

/** The shared texts (consent-messages), read in the interface language. */
export const consentMessages = translated('consent', shared.consentMessages);
