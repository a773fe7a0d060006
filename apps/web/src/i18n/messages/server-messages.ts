import * as shared from '@waypoint/shared/server-messages';
import { translated } from '../translate.ts';

/** The shared texts (server-messages), read in the interface language. */
export const serverMessages = translated('server', shared.serverMessages);
