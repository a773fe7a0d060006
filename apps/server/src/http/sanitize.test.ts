import { describe, expect, it } from 'vitest';
import { sanitizeStoredHtml } from './sanitize.ts';

describe('stored HTML', () => {
  it('prefixes ids, so no stored element takes an id of the page (#root) or shadows a global', () => {
    expect(sanitizeStoredHtml('<div id="root">x</div>')).toBe('<div id="user-content-root">x</div>');
    expect(sanitizeStoredHtml('<span id="__waypoint">y</span>')).toBe(
      '<span id="user-content-__waypoint">y</span>',
    );
  });

  it('keeps same-page links and anchor names working under the prefix, and stays the same when saved again', () => {
    const once = sanitizeStoredHtml('<a href="#loot">Loot</a><h2 id="loot">Loot</h2><a name="end"></a>');
    expect(once).toBe(
      '<a href="#user-content-loot">Loot</a><h2 id="user-content-loot">Loot</h2><a name="user-content-end"></a>',
    );
    expect(sanitizeStoredHtml(once)).toBe(once);
  });

  it('keeps classes, other links and the safe rel of new-tab links', () => {
    expect(sanitizeStoredHtml('<span class="wp-html-marker">&#9733;</span>')).toBe(
      '<span class="wp-html-marker">★</span>',
    );
    expect(sanitizeStoredHtml('<a href="https://example.test/#x" target="_blank">x</a>')).toBe(
      '<a href="https://example.test/#x" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });
});
