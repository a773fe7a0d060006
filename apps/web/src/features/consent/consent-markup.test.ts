import { consentMessages } from '@waypoint/shared/consent-messages';
import { describe, expect, it } from 'vitest';
import { type ConsentTexts, consentMarkup } from './consent-markup.ts';

describe('consentMarkup', () => {
  it('writes the texts, the privacy link inside the intro and the switches as given', () => {
    const html = consentMarkup(consentMessages, { analytics: true, advertising: false }, 'p');
    expect(html).toContain('<h2 class="wp-consent-title" id="p-title">Your privacy choices</h2>');
    expect(html).toContain(
      'Read the <a href="/privacy" class="wp-consent-link" data-privacy>privacy policy</a> for the details.',
    );
    expect(html).toMatch(/id="p-necessary"[^>]* checked disabled>/);
    expect(html).toMatch(/id="p-analytics"[^>]* checked>/);
    expect(html).toMatch(/id="p-advertising"[^>]*aria-describedby="p-advertising-d">/);
    expect(html.indexOf('data-choice="necessary"')).toBeLessThan(html.indexOf('data-choice="all"'));
  });

  it('escapes every text (a catalog cannot inject markup)', () => {
    const hostile: ConsentTexts = {
      ...consentMessages,
      title: '<img src=x onerror=alert(1)>',
      intro: (link: string) => `"quoted" & ${link} <b>`,
      privacyPolicy: '</a><script>',
    };
    const html = consentMarkup(hostile, { analytics: false, advertising: false }, 'p');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&quot;quoted&quot; &amp; <a href="/privacy"');
    expect(html).toContain('&lt;/a&gt;&lt;script&gt;</a>');
  });
});
