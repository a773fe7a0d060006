/**
 * MediaWiki wikitext as Waypoint text. Names become plain text; descriptions become the small HTML
 * the description fields take, with simple links kept as links: `[https://x text]` always,
 * `[[Page|text]]` when the wiki's article address is known (else its text only).
 */

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Bold/italic quotes, templates, HTML tags and entities of wikitext removed. */
function stripMarkup(s: string): string {
  return s
    .replace(/\{\{[^{}]*\}\}/g, '')
    .replace(/'{2,5}/g, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

const internalLink = /\[\[([^[\]|]+)(?:\|([^[\]]*))?\]\]/g;
const externalLink = /\[(https?:\/\/[^\s\]]+)(?:\s+([^\]]*))?\]/g;

/** Wikitext as plain text (a name): links as their text. */
export function wikitextToPlain(text: string): string {
  return stripMarkup(
    text
      .replace(internalLink, (_m, page: string, label?: string) => label || page.replace(/^:?File:/i, ''))
      .replace(externalLink, (_m, url: string, label?: string) => label || url),
  ).trim();
}

/** Wikitext as description HTML: paragraphs by line, simple links as links. */
export function wikitextToHtml(text: string, articleUrl?: string): string {
  const links: string[] = [];
  // Links wait behind private-use marks while the rest is escaped.
  const hold = (html: string) => `\uE000${links.push(html) - 1}\uE001`;
  const marked = text
    .replace(/[\uE000\uE001]/g, '')
    .replace(internalLink, (_m, page: string, label?: string) => {
      const shown = label || page;
      if (!articleUrl || /^:?(File|Category|Image):/i.test(page)) return shown;
      const href = articleUrl + encodeURIComponent(page.trim().replace(/ /g, '_'));
      return hold(`<a href="${escapeHtml(href)}">${escapeHtml(stripMarkup(shown))}</a>`);
    })
    .replace(externalLink, (_m, url: string, label?: string) =>
      hold(`<a href="${escapeHtml(url)}">${escapeHtml(stripMarkup(label || url))}</a>`),
    );
  return stripMarkup(marked)
    .split(/\n+/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map(
      (line) =>
        `<p>${escapeHtml(line).replace(/\uE000(\d+)\uE001/g, (_m, i: string) => links[Number(i)] ?? '')}</p>`,
    )
    .join('');
}

/** Description HTML back as wikitext: paragraphs as lines, links as external links. */
export function htmlToWikitext(html: string): string {
  return html
    .replace(
      /<a\s[^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/gi,
      (_m, href: string, label: string) => `[${href} ${label}]`,
    )
    .replace(/<\/p>\s*<p>|<br\s*\/?>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .trim();
}
