import { Button } from '@mantine/core';
import type { Dispatch, SetStateAction } from 'react';
import { uiMessages } from '../../i18n/messages/ui-messages.ts';

interface Props<K> {
  /** The row's key in the table's expanded list. */
  id: K;
  expanded: readonly K[];
  setExpanded: Dispatch<SetStateAction<K[]>>;
  /** Texts of the closed and the open state ('Show Data Model' / 'Hide Data Model'). */
  show: string;
  hide: string;
  /** What screen readers hear after the text: the row's name. */
  name: string;
}

/** A row's show/hide button for the table's expanded rows; the click does not reach the row. */
export function ExpandButton<K>({ id, expanded, setExpanded, show, hide, name }: Props<K>) {
  const open = expanded.includes(id);
  return (
    <Button
      size="compact-xs"
      variant="default"
      aria-expanded={open}
      aria-label={uiMessages.components.rowAction(open ? hide : show, name)}
      onClick={(e) => {
        e.stopPropagation();
        setExpanded((ids) => (open ? ids.filter((i) => i !== id) : [...ids, id]));
      }}
    >
      {open ? hide : show}
    </Button>
  );
}
