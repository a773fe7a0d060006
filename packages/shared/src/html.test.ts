import { describe, expect, it } from 'vitest';
import { htmlToText } from './html.ts';

describe('htmlToText', () => {
  it('parts words at blocks and breaks only, so punctuation stays where it was written', () => {
    expect(htmlToText('<p>Worth <strong>30%</strong>. Comes <em>back</em>, daily</p><p>Next</p>')).toBe(
      'Worth 30%. Comes back, daily Next',
    );
    expect(htmlToText('one<br>two<li>three</li>')).toBe('one two three');
  });

  it('decodes entities and drops scripts, styles and comments', () => {
    expect(htmlToText('Fish &amp; chips &#8212; &#x2713; &nbsp;ok<script>x()</script><!-- no -->')).toBe(
      'Fish & chips — ✓ ok',
    );
  });
});
