/** Text made safe to write into HTML, in element content and in quoted attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const blockTags =
  /^(address|article|aside|blockquote|br|dd|div|dl|dt|figcaption|figure|footer|h[1-6]|header|hr|li|main|nav|ol|p|pre|section|table|tbody|td|tfoot|th|thead|tr|ul)$/i;
const entities: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * Stored HTML as one line of text: block elements and line breaks part words, inline elements do not
 * (`<strong>30%</strong>. Comes` reads "30%. Comes"), entities are decoded, runs of space collapse.
 */
export function htmlToText(html: string | null | undefined): string {
  return String(html ?? '')
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<\/?([a-z][a-z0-9-]*)\b[^>]*>/gi, (_tag, name: string) => (blockTags.test(name) ? ' ' : ''))
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
      if (code[0] !== '#') return entities[code.toLowerCase()] ?? whole;
      const n =
        code[1] === 'x' || code[1] === 'X' ? Number.parseInt(code.slice(2), 16) : Number(code.slice(1));
      return Number.isFinite(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Id of the inert template in a page's <head> holding the link tags of what the page fetches after
 * its first paint (its code, its own stylesheets, its first API answers): the built index.html holds
 * the entry's, the server adds the page's, and the page's start-up code moves them into <head>
 * (apps/web/boot/).
 */
export const afterPaintTemplateId = 'wp-after-paint';

/**
 * Placeholders of the built index.html that the server fills for each page (apps/web/boot/plugin.ts
 * writes them): the page's head (title, description, canonical address, robots rule, the deployment's
 * settings) and, inside the after-paint template, the page's own preload tags.
 */
export const shellSlots = {
  head: '<!--waypoint:head-->',
  preloads: '<!--waypoint:preloads-->',
} as const;

/** What the build tells the server about its index.html, beside Vite's manifest (in the build folder). */
export const shellBuildFile = '.vite/page-shell.json';

export interface ShellBuild {
  /** CSP sources (`'sha256-…'`) of the page's inline scripts. */
  scriptHashes: string[];
}
