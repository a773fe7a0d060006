/**
 * MediaWiki wikitext as Waypoint text. Names become plain text; descriptions become the small HTML
 * the description fields take: paragraphs, `*`/`#` lists, bold and italic, line breaks, and links
 * (`[https://x text]` always, `[[Page|text]]` when the wiki's article address is known, else its
 * text). Templates cannot be expanded outside the wiki: they are kept as readable text (their
 * unnamed parameters, or their name) and reported to the caller so the import can list them.
 */

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Collects the names of the templates met while converting (for the mapping notes). */
export type TemplateSink = (name: string) => void;

const innermostTemplate = /\{\{([^{}]*)\}\}/g;

/**
 * Templates replaced by their readable text, innermost first: `{{ItemLink|Metal Ingot}}` reads
 * "Metal Ingot", `{{Tooltip|a|b=c}}` reads "a", `{{Clear}}` reads nothing but is still reported.
 */
function flattenTemplates(text: string, sink?: TemplateSink): string {
  let out = text;
  // Each pass removes one nesting level; real descriptions nest two or three deep at most.
  for (let pass = 0; pass < 10 && out.includes('{{'); pass++) {
    const next = out.replace(innermostTemplate, (_m, inner: string) => {
      const [rawName = '', ...params] = inner.split('|');
      const name = rawName.split(':')[0]?.trim() ?? '';
      if (name) sink?.(name);
      const unnamed = params.map((p) => p.trim()).filter((p) => p !== '' && !/^[\w\s-]+=/.test(p));
      // Parser functions (`{{#if:x|a}}`) keep their first branch; templates their unnamed values.
      return unnamed.join(', ');
    });
    if (next === out) break;
    out = next;
  }
  return out;
}

/** Bold/italic quotes, HTML tags and entities of wikitext removed (templates already flattened). */
function stripMarkup(s: string): string {
  return s
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

/** Wikitext as plain text (a name): links as their text, templates as their text. */
export function wikitextToPlain(text: string, sink?: TemplateSink): string {
  return stripMarkup(
    flattenTemplates(text, sink)
      .replace(internalLink, (_m, page: string, label?: string) => label || page.replace(/^:?File:/i, ''))
      .replace(externalLink, (_m, url: string, label?: string) => label || url),
  ).trim();
}

/** `'''bold'''` and `''italic''` on one escaped line as HTML (an unclosed run ends with the line). */
function quotesToHtml(line: string): string {
  let bold = false;
  let italic = false;
  let out = line.replace(/'{5}|'{3}|'{2}/g, (quotes) => {
    if (quotes.length === 5) {
      const tag = bold || italic ? `${italic ? '</em>' : ''}${bold ? '</strong>' : ''}` : '<strong><em>';
      const opening = !(bold || italic);
      bold = opening;
      italic = opening;
      return tag;
    }
    if (quotes.length === 3) {
      bold = !bold;
      return bold ? '<strong>' : '</strong>';
    }
    italic = !italic;
    return italic ? '<em>' : '</em>';
  });
  if (italic) out += '</em>';
  if (bold) out += '</strong>';
  return out;
}

/** Wikitext as description HTML: paragraphs by line, lists, bold/italic, line breaks, links. */
export function wikitextToHtml(text: string, articleUrl?: string, sink?: TemplateSink): string {
  const links: string[] = [];
  // Links wait behind private-use marks while the rest is escaped.
  const hold = (html: string) => `\uE000${links.push(html) - 1}\uE001`;
  const marked = flattenTemplates(text.replace(/[\uE000-\uE004]/g, ''), sink)
    .replace(/<br\s*\/?>/gi, '\uE002')
    .replace(internalLink, (_m, page: string, label?: string) => {
      const shown = label || page;
      if (!articleUrl || /^:?(File|Category|Image):/i.test(page)) return shown;
      const href = articleUrl + encodeURIComponent(page.trim().replace(/ /g, '_'));
      return hold(`<a href="${escapeHtml(href)}">${escapeHtml(stripMarkup(shown))}</a>`);
    })
    .replace(externalLink, (_m, url: string, label?: string) =>
      hold(`<a href="${escapeHtml(url)}">${escapeHtml(stripMarkup(label || url))}</a>`),
    );
  const inline = (line: string) =>
    quotesToHtml(
      escapeHtml(stripMarkup(line.replace(/'{2,5}/g, (q) => `\uE003${q.length}\uE004`))).replace(
        /\uE003(\d)\uE004/g,
        (_m, n: string) => "'".repeat(Number(n)),
      ),
    )
      .replace(/\uE002/g, '<br>')
      .replace(/\uE000(\d+)\uE001/g, (_m, i: string) => links[Number(i)] ?? '')
      .trim();

  // Lines are grouped into paragraphs and (nested) lists: `*` unordered, `#` ordered, each level
  // open with its current item until a line leaves it.
  const out: string[] = [];
  const open: string[] = [];
  const tag = (marker: string | undefined) => (marker === '#' ? 'ol' : 'ul');
  const closeTo = (depth: number) => {
    while (open.length > depth) out.push(`</li></${tag(open.pop())}>`);
  };
  for (const raw of marked.split(/\n/)) {
    const line = raw.trim();
    const list = /^([*#]+)\s*(.*)$/.exec(line);
    if (!list) {
      closeTo(0);
      const html = inline(line);
      if (html.replace(/<br>/g, '') !== '') out.push(`<p>${html}</p>`);
      continue;
    }
    const markers = list[1] ?? '';
    let common = 0;
    while (common < open.length && common < markers.length && open[common] === markers[common]) common++;
    closeTo(common);
    if (open.length === markers.length) out.push('</li><li>');
    while (open.length < markers.length) {
      const marker = markers[open.length] ?? '*';
      out.push(`<${tag(marker)}><li>`);
      open.push(marker);
    }
    out.push(inline(list[2] ?? ''));
  }
  closeTo(0);
  return out.join('');
}

/** Description HTML back as wikitext: paragraphs as lines, lists, bold/italic, links as external links. */
export function htmlToWikitext(html: string): string {
  const depth: string[] = [];
  return (
    html
      .replace(
        /<a\s[^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/gi,
        (_m, href: string, label: string) => `[${href} ${label}]`,
      )
      .replace(/<\/?(strong|b)>/gi, "'''")
      .replace(/<\/?(em|i)>/gi, "''")
      .replace(/<(ul|ol)>|<\/(ul|ol)>|<li>|<\/li>/gi, (tag) => {
        const t = tag.toLowerCase();
        if (t === '<ul>' || t === '<ol>') {
          depth.push(t === '<ul>' ? '*' : '#');
          return '\n';
        }
        if (t === '</ul>' || t === '</ol>') {
          depth.pop();
          return '\n';
        }
        if (t === '<li>') return `\n${depth.join('')} `;
        return '';
      })
      .replace(/<\/p>\s*<p>/gi, '\n')
      // A line break inside a paragraph stays one (wikitext has the same tag).
      .replace(/<br\s*\/?>/gi, '\uE002')
      .replace(/<[^>]+>/g, '')
      .replace(/\uE002/g, '<br>')
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&')
      .replace(/\n{2,}/g, '\n')
      .trim()
  );
}
