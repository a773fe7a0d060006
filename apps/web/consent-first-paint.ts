import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { consentMessages } from '../../packages/shared/src/consent-messages.ts';
import {
  consentAnsweredEvent,
  consentAskAttribute,
  consentStorageKey,
  unstoredAnswerProperty,
} from './src/features/consent/consent-keys.ts';
import { consentMarkup, firstPaintPrefix } from './src/features/consent/consent-markup.ts';
import { languageStorageKey, languages } from './src/i18n/languages.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Before the first paint: whether this visit asks the consent question in the page's own copy —
 * nothing stored yet, not an embedded map (its route, or inside another site's frame), not the
 * privacy policy (the question links to it, and it has its own Consent button), and the
 * interface in English (the language the copy is written in; the app asks in the others). The same
 * order as the app's language detection: ?lang=, the stored choice, the browser's languages.
 */
const headScript = `try {
  var ask = true;
  try { ask = localStorage.getItem(${JSON.stringify(consentStorageKey)}) === null; } catch (e) {}
  // The privacy policy (the question's own link) is left readable; it has its own Consent button.
  var elsewhere = location.pathname.indexOf('/embed/') === 0 || location.pathname === '/privacy';
  try { elsewhere = elsewhere || window.self !== window.top; } catch (e) { elsewhere = true; }
  var langs = ${JSON.stringify([...Object.keys(languages), 'pseudo'])};
  var locale = new URLSearchParams(location.search).get('lang');
  if (langs.indexOf(locale) < 0) {
    locale = null;
    try { locale = localStorage.getItem(${JSON.stringify(languageStorageKey)}); } catch (e) {}
  }
  if (langs.indexOf(locale) < 0) {
    locale = 'en';
    var tags = navigator.languages || [];
    for (var i = 0; i < tags.length; i++) {
      var base = String(tags[i]).toLowerCase().split('-')[0];
      if (base !== 'pseudo' && langs.indexOf(base) >= 0) { locale = base; break; }
    }
  }
  if (ask && !elsewhere && locale === 'en') document.documentElement.setAttribute(${JSON.stringify(consentAskAttribute)}, '');
} catch (e) {}`;

/**
 * Shows the page's own copy as a native modal dialog while the page is parsed (so it is on the first
 * paint, before the app's code has loaded), and answers it by itself: it stores the choice, closes,
 * and tells the app (which may be running already) with the consent event. Escape answers
 * "only necessary", as in the app's dialog on a first visit.
 */
const bodyScript = `(function () {
  var dialog = document.getElementById(${JSON.stringify(firstPaintPrefix)});
  if (!dialog) return;
  if (!document.documentElement.hasAttribute(${JSON.stringify(consentAskAttribute)})) {
    dialog.remove();
    return;
  }
  function on(name) {
    var input = document.getElementById(${JSON.stringify(firstPaintPrefix)} + '-' + name);
    return Boolean(input && input.checked);
  }
  function answer(kind) {
    var choice = {
      analytics: kind === 'all' || (kind === 'save' && on('analytics')),
      advertising: kind === 'all' || (kind === 'save' && on('advertising')),
    };
    var value = { necessary: true, analytics: choice.analytics, advertising: choice.advertising, decidedAt: new Date().toISOString() };
    try { localStorage.setItem(${JSON.stringify(consentStorageKey)}, JSON.stringify(value)); } catch (e) { window[${JSON.stringify(unstoredAnswerProperty)}] = choice; }
    document.documentElement.removeAttribute(${JSON.stringify(consentAskAttribute)});
    dialog.close();
    dialog.remove();
    window.dispatchEvent(new CustomEvent(${JSON.stringify(consentAnsweredEvent)}, { detail: choice }));
  }
  dialog.addEventListener('click', function (e) {
    var button = e.target.closest && e.target.closest('[data-choice]');
    if (button) answer(button.getAttribute('data-choice'));
  });
  dialog.addEventListener('cancel', function (e) {
    e.preventDefault();
    answer('necessary');
  });
  try { dialog.showModal(); } catch (e) { dialog.setAttribute('open', ''); }
})();`;

/**
 * Writes the consent question into index.html: its stylesheet, its markup (the English texts of the
 * shared messages) and the two small scripts above. A first visit sees the question with the page's
 * first paint instead of after the app's code has loaded and run, and answers it without that code;
 * the app's own dialog (the same markup) is for the Consent link and for first visits in another
 * language.
 */
export function consentFirstPaint(): Plugin {
  const css = readFileSync(path.join(here, 'src/features/consent/consent.css'), 'utf8');
  const markup = consentMarkup(consentMessages, { analytics: false, advertising: false }, firstPaintPrefix);
  return {
    name: 'waypoint-consent-first-paint',
    transformIndexHtml() {
      return [
        { tag: 'style', children: css, injectTo: 'head' },
        { tag: 'script', children: headScript, injectTo: 'head' },
        {
          tag: 'dialog',
          attrs: {
            id: firstPaintPrefix,
            class: 'wp-consent-dialog',
            'aria-labelledby': `${firstPaintPrefix}-title`,
            'data-testid': 'consent-first-paint',
          },
          children: markup,
          injectTo: 'body-prepend',
        },
        { tag: 'script', children: bodyScript, injectTo: 'body-prepend' },
      ];
    },
  };
}
