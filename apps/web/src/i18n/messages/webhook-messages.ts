import * as shared from '@waypoint/shared/webhook-messages';
import { translated } from '../translate.ts';

/** The shared texts (webhook-messages), read in the interface language. */
export const webhookMessages = translated('webhooks', shared.webhookMessages);
