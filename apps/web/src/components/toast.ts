import { notifications } from '@mantine/notifications';
import { messages } from '@waypoint/shared/messages';

// Screen readers name the close button of every toast.
const closeButtonProps = { 'aria-label': messages.closeNotification };

/** Toasts: top-right, 2000 ms (SPEC §8); texts come from `@waypoint/shared/messages`. */
export const toast = {
  success: (message: string) => notifications.show({ message, color: 'teal', closeButtonProps }),
  error: (message: string) => notifications.show({ message, color: 'red', closeButtonProps }),
  info: (message: string) => notifications.show({ message, color: 'blue', closeButtonProps }),
};
