// The page's first script, in <head> before its stylesheets (an inline script after a stylesheet
// waits for it to load): what the first paint needs decided.

import { detectLocale } from '../src/i18n/locale.ts';
import { moveAfterPaintTags } from './after-paint.ts';
import { computedColorScheme, highContrast } from './display.ts';
import { decideFirstVisitPaint, isFirstVisitPaint, setFirstVisitPaint } from './first-visit.ts';

try {
  const html = document.documentElement;
  // The stored colour scheme and contrast before the first paint, so that the page never flashes.
  html.setAttribute('data-mantine-color-scheme', computedColorScheme());
  if (highContrast()) html.setAttribute('data-contrast', 'high');
  setFirstVisitPaint(decideFirstVisitPaint(detectLocale()));
} catch {
  // Storage or media queries refused: the page's defaults.
}
// A returning visitor's first paint that matters is the app's: its code and first answers are asked
// for while the page is parsed. A first visit's is the consent question, which needs only the HTML
// and its stylesheet: the rest is asked for after it (start.ts).
if (!isFirstVisitPaint()) moveAfterPaintTags();
