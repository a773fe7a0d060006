import * as shared from '@waypoint/shared/community-messages';
import { translated } from '../translate.ts';

/** The shared texts (community-messages), read in the interface language. */
export const communityMessages = translated('community', shared.communityMessages);
