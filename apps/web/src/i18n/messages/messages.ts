import * as shared from '@waypoint/shared/messages';
import { translated } from '../translate.ts';

/** The shared texts (messages), read in the interface language. */
export const messages = translated('messages', shared.messages);
export const toolLabels = translated('toolLabels', shared.toolLabels);
