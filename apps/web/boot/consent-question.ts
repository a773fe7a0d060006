// Right after the page's own copy of the consent question (the first thing in <body>): shows it as a
// native modal dialog while the page is parsed, so that it is on the first paint before the app's code
// has loaded, and answers it by itself. It stores the choice, closes, and tells the app (which may be
// running already) with the consent event. Escape answers "only necessary", as in the app's dialog on
// a first visit.
import {
  consentAnsweredEvent,
  consentStorageKey,
  unstoredAnswerProperty,
} from '../src/features/consent/consent-keys.ts';
import { type ConsentAnswer, firstPaintPrefix } from '../src/features/consent/consent-markup.ts';
import { isFirstVisitPaint, setFirstVisitPaint } from './first-visit.ts';

const dialog = document.getElementById(firstPaintPrefix);
if (dialog instanceof HTMLDialogElement) {
  if (!isFirstVisitPaint()) dialog.remove();
  else ask(dialog);
}

function ask(dialog: HTMLDialogElement) {
  const on = (name: string) => {
    const input = document.getElementById(`${firstPaintPrefix}-${name}`);
    return input instanceof HTMLInputElement && input.checked;
  };
  const answer = (kind: ConsentAnswer) => {
    const choice = {
      analytics: kind === 'all' || (kind === 'save' && on('analytics')),
      advertising: kind === 'all' || (kind === 'save' && on('advertising')),
    };
    const value = { necessary: true, ...choice, decidedAt: new Date().toISOString() };
    try {
      localStorage.setItem(consentStorageKey, JSON.stringify(value));
    } catch {
      // Private mode: the app takes the answer from the window.
      (window as unknown as Record<string, unknown>)[unstoredAnswerProperty] = choice;
    }
    setFirstVisitPaint(false);
    dialog.close();
    dialog.remove();
    window.dispatchEvent(new CustomEvent(consentAnsweredEvent, { detail: choice }));
  };
  dialog.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('[data-choice]') : null;
    if (button) answer(button.getAttribute('data-choice') as ConsentAnswer);
  });
  dialog.addEventListener('cancel', (event) => {
    event.preventDefault();
    answer('necessary');
  });
  try {
    dialog.showModal();
  } catch {
    dialog.setAttribute('open', '');
  }
}
