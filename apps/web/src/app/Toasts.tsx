import { Notifications } from '@mantine/notifications';
import { constants } from '@waypoint/shared/constants';
import { MantineShell } from './MantineShell.tsx';

/** Where toasts appear: top-right, 2000 ms (SPEC §8). */
export function Toasts() {
  return (
    <MantineShell>
      <Notifications position="top-right" autoClose={constants.toastDurationMs} zIndex={1000} />
    </MantineShell>
  );
}
