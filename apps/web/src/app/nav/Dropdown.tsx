import { IconChevronDown } from '@tabler/icons-react';
import { type ReactNode, useId, useRef, useState } from 'react';
import { useDismiss } from '../../components/useDismiss.ts';
import classes from './NavBar.module.css';

interface Props {
  /** Accessible name, e.g. "Game: Tarkov". */
  label: string;
  current: ReactNode;
  heading: string;
  children: ReactNode;
}

/**
 * A disclosure dropdown of links (button + list), closed by Escape, outside clicks and choosing an
 * entry (a click on a link or button in the list).
 */
export function Dropdown({ label, current, heading, children }: Props) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useDismiss(open, setOpen, { root, button }, { focusOut: true });

  return (
    <div ref={root} className={classes.dropdown}>
      <button
        type="button"
        ref={button}
        className={classes.dropdownTarget}
        aria-expanded={open}
        aria-controls={id}
        aria-label={label}
        onClick={() => setOpen((o) => !o)}
      >
        <span className={classes.truncate}>{current}</span>
        <IconChevronDown size={14} aria-hidden="true" />
      </button>
      {open ? (
        // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: the links and buttons inside are what is clicked (Enter on them clicks too)
        <div
          id={id}
          className={classes.dropdownPanel}
          onClick={(e) => {
            if ((e.target as Element).closest('a, button')) setOpen(false);
          }}
        >
          <div className={classes.dropdownHeading}>{heading}</div>
          {children}
        </div>
      ) : null}
    </div>
  );
}
