import sanitizeHtml from 'sanitize-html';

/**
 * Stored HTML keeps formatting, links and images only: no scripts, styles, event handlers,
 * frames or javascript: URLs. Every HTML field is passed through this on every write.
 */
/**
 * Ids and anchor names are prefixed (as GitHub does), so stored HTML can never take an id the page
 * itself uses (`#root`) nor shadow a global by its id; same-page links follow the prefix.
 */
const ID_PREFIX = 'user-content-';
const prefixed = (value: string) => (value.startsWith(ID_PREFIX) ? value : `${ID_PREFIX}${value}`);

function prefixIds(attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  const out = { ...attribs };
  if (out.id) out.id = prefixed(out.id);
  return out;
}

const options: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'h1', 'h2', 'span', 'del', 'ins', 'sub', 'sup'],
  allowedAttributes: {
    a: ['href', 'name', 'target', 'rel', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    '*': ['class', 'id'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => {
      const out = prefixIds(attribs);
      if (out.name) out.name = prefixed(out.name);
      if (out.href?.startsWith('#') && out.href.length > 1) out.href = `#${prefixed(out.href.slice(1))}`;
      if (out.target === '_blank') out.rel = 'noopener noreferrer';
      return { tagName, attribs: out };
    },
    '*': (tagName, attribs) => ({ tagName, attribs: prefixIds(attribs) }),
  },
};

export function sanitizeStoredHtml(html: string): string {
  return sanitizeHtml(html, options);
}
