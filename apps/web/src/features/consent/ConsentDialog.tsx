import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import ui from '../../components/ui.module.css';
import classes from './ConsentDialog.module.css';
import { closeConsentDialog, getConsent, saveConsent } from './consent.ts';

function Choice(props: {
  label: string;
  description: string;
  checked: boolean;
  disabled?: boolean;
  onChange?: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className={classes.choice}>
      <input
        id={id}
        type="checkbox"
        role="switch"
        aria-checked={props.checked}
        className={classes.switch}
        checked={props.checked}
        disabled={props.disabled}
        aria-describedby={`${id}-d`}
        onChange={(e) => props.onChange?.(e.currentTarget.checked)}
      />
      <div>
        <label htmlFor={id} className={classes.choiceLabel}>
          {props.label}
        </label>
        <div id={`${id}-d`} className={`${ui.small} ${ui.dimmed}`}>
          {props.description}
        </div>
      </div>
    </div>
  );
}

/** Cookie and tracking consent: necessary (always), analytics, advertising. A native modal dialog. */
export function ConsentDialog() {
  const stored = getConsent();
  const [analytics, setAnalytics] = useState(stored?.analytics ?? false);
  const [advertising, setAdvertising] = useState(stored?.advertising ?? false);
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  // Escape keeps the stored choice; on a first visit it stores "only necessary".
  const dismiss = () =>
    stored ? closeConsentDialog() : saveConsent({ analytics: false, advertising: false });

  return (
    <dialog
      ref={ref}
      className={classes.dialog}
      aria-labelledby={titleId}
      data-testid="consent-dialog"
      onCancel={(e) => {
        e.preventDefault();
        dismiss();
      }}
    >
      <div className={ui.stack}>
        <h2 className={ui.h3} id={titleId}>
          Your privacy choices
        </h2>
        <p className={ui.small} style={{ margin: 0 }}>
          Waypoint uses storage in your browser to keep you signed in and to remember your settings. With your
          permission we also measure how the site is used and show advertising that pays for the maps. You can
          change this at any time with the Consent link. Read the{' '}
          <Link to="/privacy" className={ui.inlineLink} onClick={() => closeConsentDialog()}>
            privacy policy
          </Link>{' '}
          for the details.
        </p>
        <Choice
          label="Necessary"
          description="Sign-in session, colour scheme and this choice. Always on."
          checked
          disabled
        />
        <Choice
          label="Analytics"
          description="Anonymous statistics about visited pages and errors."
          checked={analytics}
          onChange={setAnalytics}
        />
        <Choice
          label="Advertising"
          description="Personalised ads from our advertising partners."
          checked={advertising}
          onChange={setAdvertising}
        />
        <div className={ui.row} style={{ justifyContent: 'flex-end' }}>
          <button
            type="button"
            className={`${ui.button} ${ui.buttonDefault}`}
            onClick={() => saveConsent({ analytics: false, advertising: false })}
          >
            Only necessary
          </button>
          <button
            type="button"
            className={`${ui.button} ${ui.buttonLight}`}
            onClick={() => saveConsent({ analytics, advertising })}
          >
            Save choices
          </button>
          <button
            type="button"
            className={ui.button}
            onClick={() => saveConsent({ analytics: true, advertising: true })}
          >
            Accept all
          </button>
        </div>
      </div>
    </dialog>
  );
}
