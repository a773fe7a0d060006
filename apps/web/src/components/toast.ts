import { notifications } from '@mantine/notifications';

/** Toasts: top-right, 2000 ms (SPEC §8); texts come from `@waypoint/shared/messages`. */
export const toast = {
  success: (message: string) => notifications.show({ message, color: 'teal' }),
  error: (message: string) => notifications.show({ message, color: 'red' }),
  info: (message: string) => notifications.show({ message, color: 'blue' }),
};
