import { useLayoutEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { consentMessages as t } from '../../i18n/messages/consent-messages.ts';
import { closeConsentDialog, getConsent, saveConsent } from './consent.ts';
import {
  answerChoice,
  type ConsentAnswer,
  type ConsentSwitches,
  consentMarkup,
  firstPaintPrefix,
} from './consent-markup.ts';

const prefix = 'wp-consent';

/**
 * The first paint's copy of the question (index.html), while it is still on the page: the switches
 * the visitor may have set on it before the app started.
 */
function firstPaintSwitches(): ConsentSwitches | undefined {
  const first = document.getElementById(firstPaintPrefix);
  if (!first || !document.documentElement.hasAttribute('data-consent-ask')) return undefined;
  return answerChoice('save', first, firstPaintPrefix);
}

/**
 * Cookie and tracking consent: necessary (always), analytics, advertising. A native modal dialog with
 * the same markup as the first paint's copy, which it replaces (its switches and focus carried over).
 */
export function ConsentDialog() {
  const stored = getConsent();
  const [switches] = useState<ConsentSwitches>(
    () =>
      firstPaintSwitches() ?? {
        analytics: stored?.analytics ?? false,
        advertising: stored?.advertising ?? false,
      },
  );
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();

  useLayoutEffect(() => {
    const dialog = ref.current;
    const first = document.getElementById(firstPaintPrefix);
    const focused = first?.contains(document.activeElement) ? document.activeElement?.id : undefined;
    first?.remove();
    document.documentElement.removeAttribute('data-consent-ask');
    if (dialog && !dialog.open) dialog.showModal();
    if (focused) dialog?.querySelector<HTMLElement>(`#${focused.replace(firstPaintPrefix, prefix)}`)?.focus();
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
