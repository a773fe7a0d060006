import type { DOMPurify } from 'dompurify';

let purify: DOMPurify | undefined;
let loading: Promise<DOMPurify> | undefined;

/**
 * DOMPurify for HTML the map draws itself (HTML marker icons, the map's attribution), loaded on
 * first need: most maps have neither, and the map route's code stays small.
 */
export function loadPurify(): Promise<DOMPurify> {
  loading ??= import('dompurify').then(({ default: d }) => {
    purify = d;
    return d;
  });
  return loading;
}

/** The loaded DOMPurify, or undefined before `loadPurify` finished. */
export const loadedPurify = () => purify;

const escapeText = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Escapes text for use inside HTML (no sanitizer needed). */
export { escapeText };
