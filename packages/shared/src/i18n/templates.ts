/**
 * English is the source language: its texts are the message modules themselves. A catalog id is
 * `group.key` (`group.key.0` for the entries of a list of texts); a text made by a function is
 * described to translators as a template whose numbered placeholders `{0}`, `{1}` … stand for the
 * function's arguments in order (ICU MessageFormat, as Lingui catalogs read them).
 */

/** A group of texts: strings, functions making a text from their arguments, lists and nested groups. */
export type MessageGroup = { readonly [key: string]: unknown };

export type CatalogEntry =
  | { id: string; kind: 'text'; english: string }
  | { id: string; kind: 'template'; english: string; arity: number };

/** Every text of the groups, in order, keyed by its catalog id. */
export function catalogEntries(groups: Record<string, MessageGroup>): CatalogEntry[] {
  const out: CatalogEntry[] = [];
  const walk = (prefix: string, value: unknown) => {
    if (typeof value === 'string') out.push({ id: prefix, kind: 'text', english: value });
    else if (typeof value === 'function') {
      const arity = value.length;
      const args = Array.from({ length: arity }, (_, i) => `{${i}}`);
      out.push({ id: prefix, kind: 'template', english: String(value(...args)), arity });
    } else if (Array.isArray(value)) {
      for (const [i, v] of value.entries()) walk(`${prefix}.${i}`, v);
    } else if (value && typeof value === 'object')
      for (const [key, v] of Object.entries(value)) walk(`${prefix}.${key}`, v);
  };
  for (const [group, value] of Object.entries(groups)) walk(group, value);
  return out;
}

/** The English catalog: id → text or template. */
export function englishCatalog(groups: Record<string, MessageGroup>): Record<string, string> {
  return Object.fromEntries(catalogEntries(groups).map((e) => [e.id, e.english]));
}

/** Numbered placeholders a message names, top level or inside plural/select branches. */
export function placeholders(message: string): number[] {
  const found = new Set<number>();
  for (const m of message.matchAll(/\{\s*(\d+)\s*[,}]/g)) found.add(Number(m[1]));
  return [...found].sort((a, b) => a - b);
}

const plain = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const accented = 'áƀçðéƒĝĥíĵķļɱñóþǫŕšţúṽŵẋýžÁƁÇÐÉƑĜĤÍĴĶĻṀÑÓÞǪŔŠŢÚṼŴẊÝŽ';
const accents: Record<string, string> = Object.fromEntries([...plain].map((c, i) => [c, [...accented][i]]));

/** Marks around every pseudo-localized text, so a page check can tell translated text from the rest. */
export const pseudoOpen = '⟦';
export const pseudoClose = '⟧';

/**
 * The pseudo-locale form of an English template: every letter accented and the text a third longer
 * (translations run longer than English), placeholders kept, the whole wrapped in ⟦ ⟧. A page shown in
 * this locale that still has plain Latin letters outside those marks shows a text that bypassed the
 * catalogs.
 */
export function pseudoLocalize(template: string): string {
  let out = '';
  let depth = 0;
  for (const ch of template) {
    if (ch === '{') depth++;
    if (depth === 0) out += accents[ch] ?? ch;
    else out += ch;
    if (ch === '}') depth = Math.max(0, depth - 1);
  }
  const padding = '·'.repeat(Math.ceil(template.length / 3));
  return `${pseudoOpen}${out}${padding}${pseudoClose}`;
}
