import { IconListDetails, IconMapPins, IconX } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { IconButton } from '../../components/controls.tsx';
import { mapMessages } from '../../i18n/messages/map-messages.ts';
import classes from './map.module.css';

interface Props {
  side: 'left' | 'right';
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}

/**
 * A panel over one side of the map (a drawer from the bottom on phones) and the handle that opens it.
 * Its content is made when it first opens and kept after that (a closed panel is not shown): a phone
 * or a narrow window, where both start closed, does not draw panels nobody has asked for while the
 * map loads.
 */
export function Sidebar({ side, title, open, onOpenChange, children }: Props) {
  const id = `wp-sidebar-${side}`;
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return (
    <>
      {open ? null : (
        <button
          type="button"
          className={classes.opener}
          data-side={side}
          aria-controls={id}
          aria-expanded={false}
          data-map-control
          onClick={() => onOpenChange(true)}
        >
          {side === 'left' ? <IconMapPins size={16} /> : <IconListDetails size={16} />}
          {title}
        </button>
      )}
      <aside
        id={id}
        className={classes.sidebar}
        data-side={side}
        data-open={open}
        aria-label={title}
        data-testid={`sidebar-${side}`}
      >
        <div className={classes.sidebarHeader}>
          <span>{title}</span>
          <IconButton label={mapMessages.closePanel(title)} onClick={() => onOpenChange(false)}>
            <IconX size={18} />
          </IconButton>
        </div>
        <div className={classes.sidebarScroll}>{opened ? children : null}</div>
      </aside>
    </>
  );
}
