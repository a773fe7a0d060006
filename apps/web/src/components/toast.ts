import { notifications } from '@mantine/notifications';
import { messages } from '../i18n/messages/messages.ts';

// Screen readers name the close button of every toast.
const closeButtonProps = { 'aria-label': messages.closeNotification };

/** Toasts: top-right, 2000 ms (SPEC §8); texts come from `@waypoint/shared/messages`. */
export const toast = {
  success: (message: string) => notifications.show({ message, color: 'teal', closeButtonProps }),
  error: (message: string) => notifications.show({ message, color: 'red', closeButtonProps }),
  info: (message: string) => notifications.show({ message, color: 'blue', closeButtonProps }),
  /** A toast that shows work under way and turns into its outcome (SPEC §8: 'Logging...' and its ends). */
  pending: (message: string) => {
    const id = notifications.show({ message, loading: true, autoClose: false, withCloseButton: false });
    const end = (color: string) => (outcome: string) =>
      notifications.update({
        id,
        message: outcome,
        color,
        loading: false,
        autoClose: 2000,
        withCloseButton: true,
        closeButtonProps,
      });
    return { success: end('teal'), error: end('red') };
  },
};
