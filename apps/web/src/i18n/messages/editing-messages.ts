import * as shared from '@waypoint/shared/map/editing-messages';
import { translated } from '../translate.ts';

/** The shared texts (map/editing-messages), read in the interface language. */
export const editingMessages = translated('editing', shared.editingMessages);
