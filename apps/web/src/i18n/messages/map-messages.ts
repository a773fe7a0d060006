import * as shared from '@waypoint/shared/map/map-messages';
import { translated } from '../translate.ts';

/** The shared texts (map/map-messages), read in the interface language. */
export const mapMessages = translated('map', shared.mapMessages);
