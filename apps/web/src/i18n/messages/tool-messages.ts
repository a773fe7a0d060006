import * as shared from '@waypoint/shared/tool-messages';
import { translated } from '../translate.ts';

/** The shared texts (tool-messages), read in the interface language. */
export const toolMessages = translated('tools', shared.toolMessages);
