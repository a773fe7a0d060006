import * as shared from '@waypoint/shared/map/search';
import { translated } from '../translate.ts';

/** The shared texts (map/search), read in the interface language. */
export const searchMessages = translated('search', shared.searchMessages);
