import * as shared from '@waypoint/shared/services-messages';
import { translated } from '../translate.ts';

/** The shared texts (services-messages), read in the interface language. */
export const servicesMessages = translated('services', shared.servicesMessages);
