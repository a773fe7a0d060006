import { IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { IconButton } from '../../../components/controls.tsx';
import { mapMessages } from '../../../i18n/messages/map-messages.ts';
import classes from './tool-panel.module.css';

/** A panel of the map tools over the map (a bottom drawer on phones), labelled by its title. */
export function ToolPanel({
  title,
  onClose,
  children,
  testId,
  side = false,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  testId: string;
  /** Docked at the map's right edge below its top toolbar (desktop), for a panel the map must stay visible beside. */
  side?: boolean;
}) {
  const id = useId();
  return (
    <section
      className={side ? `${classes.panel} ${classes.side}` : classes.panel}
      aria-labelledby={id}
      data-testid={testId}
    >
      <div className={classes.header}>
        <h2 id={id} className={classes.title}>
          {title}
        </h2>
        <IconButton label={mapMessages.closePanel(title)} onClick={onClose}>
          <IconX size={18} />
        </IconButton>
      </div>
      <div className={classes.body}>{children}</div>
    </section>
  );
}
