import * as shared from '@waypoint/shared/account-messages';
import { translated } from '../translate.ts';

/** The shared texts (account-messages), read in the interface language. */
export const accountMessages = translated('account', shared.accountMessages);
