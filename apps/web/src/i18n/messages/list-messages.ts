import * as shared from '@waypoint/shared/map/list-messages';
import { translated } from '../translate.ts';

/** The shared texts (map/list-messages), read in the interface language. */
export const listMessages = translated('list', shared.listMessages);
