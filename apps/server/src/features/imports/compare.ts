import { getModel, type ModelKey } from '@waypoint/shared';
import sanitizeHtml from 'sanitize-html';
import type { ModelRecord } from '../../db/rows.ts';
import { sanitizeStoredHtml } from '../../http/sanitize.ts';

/**
 * HTML as it means: through the sanitizer every write uses (entities decoded the same way,
 * attributes it would drop dropped), attributes in one order, runs of white space as one space.
 */
export function htmlMeaning(html: string): string {
  const sorted = sanitizeHtml(sanitizeStoredHtml(html), {
    // The stored sanitizer has already run: this pass only orders attributes, so every tag it left
    // may stay (and sanitize-html need not warn about tags that cannot be there any more).
    allowedTags: false,
    allowVulnerableTags: true,
    allowedAttributes: false,
    transformTags: {
      '*': (tagName, attribs) => ({
        tagName,
        attribs: Object.fromEntries(Object.entries(attribs).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
      }),
    },
  });
  return sorted.replace(/\s+/g, ' ').trim();
}

/**
 * Equal as JSON, numbers within floating-point rounding: positions read from degrees through a map's
 * bounds come back a hair off the stored pixels, which is no change.
 */
function samePosition(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number')
    return a === b || Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((v, i) => samePosition(v, b[i]));
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The fields the import carries whose value differs from the stored record's (HTML by meaning). */
export function changedFields(
  key: ModelKey,
  data: ModelRecord,
  stored: ModelRecord | undefined | null,
): string[] {
  if (!stored) return Object.keys(data);
  const fields = getModel(key).fields;
  return Object.entries(data)
    .filter(([name, value]) => {
      const before = stored[name];
      if (fields[name]?.html && typeof value === 'string' && typeof before === 'string')
        return htmlMeaning(value) !== htmlMeaning(before);
      return !samePosition(before ?? null, value ?? null);
    })
    .map(([name]) => name);
}
