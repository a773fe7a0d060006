import { type ReactNode, useEffect, useId, useRef } from 'react';
import classes from './ConfirmDialog.module.css';
import { Button } from './controls.tsx';

interface Props {
  title: ReactNode;
  /** The paragraph under the title that describes the dialog to assistive technology. */
  lead?: ReactNode;
  /** What the dialog shows between its lead and its buttons. */
  children?: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  confirmDisabled?: boolean;
  /** The confirm button has the focus when the dialog opens (else the browser's first choice). */
  confirmFocused?: boolean;
  /** The dialog is a form and the confirm button submits it (Enter in its fields confirms). */
  form?: boolean;
  /** The player confirmed; `close` closes the dialog (at once or once the work is done). */
  onConfirm: (close: () => void) => void;
  /** The dialog closed (cancelled, Escape, or closed after confirming). */
  onClose: () => void;
  testId: string;
  /** A feature's own look of the dialog box and its title. */
  classNames?: { dialog?: string; title?: string };
}

/**
 * A modal confirmation in plain elements (pages without the component kit): a title, what is asked,
 * Cancel and the confirm button. Open while it is rendered.
 */
export function ConfirmDialog({
  title,
  lead,
  children,
  cancelLabel,
  confirmLabel,
  confirmDisabled,
  confirmFocused,
  form,
  onConfirm,
  onClose,
  testId,
  classNames,
}: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal();
  }, []);
  const close = () => dialog.current?.close();
  const content = (
    <>
      <h2 id={`${id}-title`} className={classNames?.title ?? classes.title}>
        {title}
      </h2>
      {lead ? (
        <p id={`${id}-lead`} className={classes.lead}>
          {lead}
        </p>
      ) : null}
      {children}
      <div className={classes.actions}>
        <Button variant="subtle" onClick={close}>
          {cancelLabel}
        </Button>
        {form ? (
          <Button type="submit" disabled={confirmDisabled} autoFocus={confirmFocused}>
            {confirmLabel}
          </Button>
        ) : (
          <Button disabled={confirmDisabled} autoFocus={confirmFocused} onClick={() => onConfirm(close)}>
            {confirmLabel}
          </Button>
        )}
      </div>
    </>
  );
  return (
    <dialog
      ref={dialog}
      className={classNames?.dialog ?? classes.dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={lead ? `${id}-lead` : undefined}
      onClose={onClose}
      data-testid={testId}
    >
      {form ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            onConfirm(close);
          }}
        >
          {content}
        </form>
      ) : (
        content
      )}
    </dialog>
  );
}
