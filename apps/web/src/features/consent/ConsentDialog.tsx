import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { consentMessages as t } from '../../i18n/messages/consent-messages.ts';
import { closeConsentDialog, getConsent, saveConsent } from './consent.ts';
import { answerChoice, type ConsentAnswer, type ConsentSwitches, consentMarkup } from './consent-markup.ts';

const prefix = 'wp-consent';

/**
 * Cookie and tracking consent: necessary (always), analytics, advertising. A native modal dialog with
 * the same markup as the page's own copy (index.html), which asks on a first visit in English; this
 * one opens from the Consent link and asks first visits in the other languages.
 */
export function ConsentDialog() {
  const stored = getConsent();
  const [switches] = useState<ConsentSwitches>(() => ({
    analytics: stored?.analytics ?? false,
    advertising: stored?.advertising ?? false,
  }));
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  // Escape keeps the stored choice; on a first visit it stores "only necessary".
  const dismiss = () =>
    stored ? closeConsentDialog() : saveConsent({ analytics: false, advertising: false });

  const onClick = (e: React.MouseEvent<HTMLDialogElement>) => {
    const target = e.target as Element;
    if (target.closest('a[data-privacy]')) {
      if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      e.preventDefault();
      closeConsentDialog();
      navigate('/privacy');
      return;
    }
    const answer = target.closest('[data-choice]')?.getAttribute('data-choice') as ConsentAnswer | null;
    if (answer && ref.current) saveConsent(answerChoice(answer, ref.current, prefix));
  };

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the clicks are the buttons' and the link's own (keys press them too)
    <dialog
      ref={ref}
      className="wp-consent-dialog"
      aria-labelledby={`${prefix}-title`}
      data-testid="consent-dialog"
      onCancel={(e) => {
        e.preventDefault();
        dismiss();
      }}
      onClick={onClick}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: consentMarkup escapes every text it writes
      dangerouslySetInnerHTML={{ __html: consentMarkup(t, switches, prefix) }}
    />
  );
}
