import type { Page } from '@playwright/test';

/**
 * Visible texts of the page that did not come through the catalogs: with the pseudo-locale active
 * (`?lang=pseudo`) every catalog text is accented and wrapped in ⟦ ⟧, so any run of plain Latin
 * letters left outside those marks is a text the interface shows without translating it. Content
 * (names and texts from the database, marked with their own `lang`), hidden elements and the map's
 * tile pictures are not interface text; nor are brand names (the site's own name by default).
 */
export async function untranslatedTexts(page: Page, names: string[] = ['Waypoint']): Promise<string[]> {
  return page.evaluate((brandNames) => {
    const found = new Set<string>();
    const strip = (text: string) => {
      let t = text;
      for (const name of brandNames) t = t.split(name).join(' ');
      let previous = '';
      while (t !== previous) {
        previous = t;
        t = t.replace(/⟦[^⟦⟧]*⟧/g, ' ');
      }
      return t;
    };
    const exempt = (el: Element) =>
      Boolean(
        el.closest(
          // The data tables' sort icons carry fixed English names from their library (it offers no
          // setting for them); the column headers say the sort state through aria-sort.
          '[lang]:not(html), [translate="no"], script, style, noscript, svg, .leaflet-tile-pane, .mantine-datatable-header-cell-sortable-icon, .mantine-datatable-header-cell-sortable-unsorted-icon',
        ),
      );
    const visible = (el: Element) =>
      el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true } as CheckVisibilityOptions);
    const check = (where: string, text: string | null) => {
      if (!text) return;
      const left = strip(text);
      if (/[A-Za-z]{2,}/.test(left)) found.add(`${where}: ${text.trim().slice(0, 120)}`);
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || exempt(el) || !visible(el)) continue;
      check(el.tagName.toLowerCase(), node.textContent);
    }
    for (const el of Array.from(
      document.body.querySelectorAll('[placeholder], [aria-label], [title], img[alt]'),
    )) {
      if (exempt(el) || !visible(el)) continue;
      for (const attr of ['placeholder', 'aria-label', 'title', 'alt'])
        check(`${el.tagName.toLowerCase()}[${attr}]`, el.getAttribute(attr));
    }
    check('title', document.title);
    return [...found];
  }, names);
}
