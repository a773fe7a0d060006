import * as shared from '@waypoint/shared/suggest-messages';
import { translated } from '../translate.ts';

/** The shared texts (suggest-messages), read in the interface language. */
export const suggestMessages = translated('suggest', shared.suggestMessages);
