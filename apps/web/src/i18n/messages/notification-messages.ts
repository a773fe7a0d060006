import * as shared from '@waypoint/shared/notification-messages';
import { translated } from '../translate.ts';

/** The shared texts (notification-messages), read in the interface language. */
export const notificationMessages = translated('notifications', shared.notificationMessages);
