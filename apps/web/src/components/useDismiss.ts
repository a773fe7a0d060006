import { type RefObject, useEffect } from 'react';

/**
 * Closes an open disclosure (a button and what it shows, both inside `root`): on Escape, giving the
 * focus back to its button; on a pointer press outside; with `focusOut`, when the focus leaves it
 * (keyboard users tabbing past a list).
 */
export function useDismiss(
  open: boolean,
  setOpen: (open: boolean) => void,
  refs: { root: RefObject<HTMLElement | null>; button: RefObject<HTMLElement | null> },
  options: { focusOut?: boolean } = {},
) {
  const { root, button } = refs;
  const { focusOut = false } = options;
  useEffect(() => {
    if (!open) return;
    const outside = (e: Event) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', onKey);
    if (focusOut) document.addEventListener('focusin', outside);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('focusin', outside);
    };
  }, [open, setOpen, root, button, focusOut]);
}
