/** Text made safe to write into HTML, in element content and in quoted attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * Id of the inert template in a page's <head> holding the link tags of what the page fetches after
 * its first paint (its code, its own stylesheets, its first API answers): the built index.html holds
 * the entry's, the server adds the page's, and the page's last script moves them into <head>.
 */
export const afterPaintTemplateId = 'wp-after-paint';
