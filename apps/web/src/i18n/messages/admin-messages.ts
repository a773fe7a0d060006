import * as shared from '@waypoint/shared/admin-messages';
import { translated } from '../translate.ts';

/** The shared texts (admin-messages), read in the interface language. */
export const adminMessages = translated('admin', shared.adminMessages);
