import * as shared from '@waypoint/shared/map/preparing';
import { translated } from '../translate.ts';

/** The shared texts (map/preparing), read in the interface language. */
export const preparingMessages = translated('preparing', shared.preparingMessages);
