import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import ui from '../../components/ui.module.css';
import { consentMessages as t } from '../../i18n/messages/consent-messages.ts';
import { withElements } from '../../i18n/rich.tsx';
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
          {t.title}
        </h2>
        <p className={ui.small} style={{ margin: 0 }}>
          {withElements(
            t.intro,
            <Link to="/privacy" className={ui.inlineLink} onClick={() => closeConsentDialog()}>
              {t.privacyPolicy}
            </Link>,
          )}
        </p>
        <Choice label={t.necessary} description={t.necessaryHint} checked disabled />
        <Choice
          label={t.analytics}
          description={t.analyticsHint}
          checked={analytics}
          onChange={setAnalytics}
        />
        <Choice
          label={t.advertising}
          description={t.advertisingHint}
          checked={advertising}
          onChange={setAdvertising}
        />
        <div className={ui.row} style={{ justifyContent: 'flex-end' }}>
          <button
            type="button"
            className={`${ui.button} ${ui.buttonDefault}`}
            onClick={() => saveConsent({ analytics: false, advertising: false })}
          >
            {t.onlyNecessary}
          </button>
          <button
            type="button"
            className={`${ui.button} ${ui.buttonLight}`}
            onClick={() => saveConsent({ analytics, advertising })}
          >
            {t.saveChoices}
          </button>
          <button
            type="button"
            className={ui.button}
            onClick={() => saveConsent({ analytics: true, advertising: true })}
          >
            {t.acceptAll}
          </button>
        </div>
      </div>
    </dialog>
  );
}
