import * as shared from '@waypoint/shared/ui-messages';
import { translated } from '../translate.ts';

/** The shared texts (ui-messages), read in the interface language. */
export const uiMessages = translated('ui', shared.uiMessages);
