import type { consentMessages } from '@waypoint/shared/consent-messages';
// By path, not the package name: the build's own config (boot/plugin.ts) imports this module.
import { escapeHtml } from '../../../../../packages/shared/src/html.ts';

/** The consent texts in the interface language (the shared English ones, or a catalog's). */
export type ConsentTexts = {
  readonly [K in keyof typeof consentMessages]: (typeof consentMessages)[K] extends (
    ...args: infer A
  ) => string
    ? (...args: A) => string
    : string;
};

/** What the two optional switches start at. */
export interface ConsentSwitches {
  analytics: boolean;
  advertising: boolean;
}

/** The three answers, on the buttons' `data-choice`. */
export type ConsentAnswer = 'necessary' | 'save' | 'all';

const mark = '\uE000';

/**
 * The inside of the consent dialog as HTML: title, text with the privacy link, the three switches
 * and the three answers. The page's own copy (written into index.html at build time, on the first
 * paint before the app's code has run) and the app's dialog show the same markup. `prefix` keeps
 * the two copies' ids apart.
 */
export function consentMarkup(t: ConsentTexts, switches: ConsentSwitches, prefix: string): string {
  const link = `<a href="/privacy" class="wp-consent-link" data-privacy>${escapeHtml(t.privacyPolicy)}</a>`;
  const intro = escapeHtml(t.intro(mark)).replace(mark, link);
  const choice = (name: string, label: string, hint: string, checked: boolean, disabled = false) => {
    const id = `${prefix}-${name}`;
    return (
      `<div class="wp-consent-choice">` +
      `<input id="${id}" type="checkbox" role="switch" class="wp-consent-switch" aria-describedby="${id}-d"${checked ? ' checked' : ''}${disabled ? ' disabled' : ''}>` +
      `<div><label for="${id}" class="wp-consent-label">${escapeHtml(label)}</label>` +
      `<div id="${id}-d" class="wp-consent-hint">${escapeHtml(hint)}</div></div></div>`
    );
  };
  const answer = (choice: ConsentAnswer, variant: string, label: string) =>
    `<button type="button" class="wp-consent-button${variant}" data-choice="${choice}">${escapeHtml(label)}</button>`;
  return (
    `<div class="wp-consent-stack">` +
    `<h2 class="wp-consent-title" id="${prefix}-title">${escapeHtml(t.title)}</h2>` +
    `<p class="wp-consent-intro">${intro}</p>` +
    choice('necessary', t.necessary, t.necessaryHint, true, true) +
    choice('analytics', t.analytics, t.analyticsHint, switches.analytics) +
    choice('advertising', t.advertising, t.advertisingHint, switches.advertising) +
    `<div class="wp-consent-actions">` +
    answer('necessary', ' wp-consent-default', t.onlyNecessary) +
    answer('save', ' wp-consent-light', t.saveChoices) +
    answer('all', '', t.acceptAll) +
    `</div></div>`
  );
}

/** What an answer stores, with the switches as they are set in `root`. */
export function answerChoice(answer: ConsentAnswer, root: ParentNode, prefix: string): ConsentSwitches {
  if (answer === 'all') return { analytics: true, advertising: true };
  if (answer === 'necessary') return { analytics: false, advertising: false };
  const on = (name: string) => root.querySelector<HTMLInputElement>(`#${prefix}-${name}`)?.checked === true;
  return { analytics: on('analytics'), advertising: on('advertising') };
}

/** The id prefix of the copy in index.html. */
export const firstPaintPrefix = 'wp-consent-first';
