import { compileMessage } from '@lingui/message-utils/compileMessage';
import { messageSources } from '@waypoint/shared/i18n/sources';
import { catalogEntries, placeholders, pseudoLocalize } from '@waypoint/shared/i18n/templates';
import { describe, expect, it } from 'vitest';
import { catalogFiles, compiledCatalog, readCatalog, todoMark } from '../../i18n-catalogs.ts';

const entries = catalogEntries(messageSources);
const translatedLanguages = ['de'];

describe.each(translatedLanguages)('the %s catalog', (language) => {
  const catalog = readCatalog(language);

  it('translates every text of the product (npm run i18n:extract lists what is left)', () => {
    const missing = entries.filter((e) => catalog[e.id] === undefined).map((e) => e.id);
    const todo = Object.entries(catalog)
      .filter(([, m]) => m.startsWith(todoMark))
      .map(([id]) => id);
    expect(missing).toEqual([]);
    expect(todo).toEqual([]);
  });

  it('holds no text the product no longer has', () => {
    const ids = new Set(entries.map((e) => e.id));
    expect(Object.keys(catalog).filter((id) => !ids.has(id))).toEqual([]);
  });

  it('keeps one file per message group, each holding only its own ids', () => {
    for (const file of catalogFiles(language)) {
      const group = file
        .split('/')
        .at(-1)
        ?.replace(/\.json$/, '');
      const ids = Object.keys(readCatalog(language)).filter((id) => id.split('.')[0] === group);
      expect(ids.length, file).toBeGreaterThan(0);
    }
  });

  it('fills the same arguments as the English template and compiles', () => {
    for (const e of entries) {
      const message = catalog[e.id];
      if (message === undefined) continue;
      const english = placeholders(e.english);
      const own = placeholders(message);
      const arity = e.kind === 'template' ? e.arity : 0;
      for (const p of english) expect(own, `${e.id} keeps {${p}}`).toContain(p);
      for (const p of own) expect(p, `${e.id} names {${p}}`).toBeLessThan(arity);
      expect(() => compileMessage(message), e.id).not.toThrow();
    }
  });
});

describe('the pseudo-locale', () => {
  it('marks and accents every text and keeps its placeholders', () => {
    expect(pseudoLocalize('Add {0} to {1}')).toMatch(/^⟦Áðð \{0\} ţó \{1\}·+⟧$/);
    const catalog = compiledCatalog('pseudo');
    expect(Object.keys(catalog)).toHaveLength(entries.length);
  });
});

describe('reading texts in the interface language', () => {
  it('gives the English source, then the chosen language, with arguments, plurals and lists', async () => {
    // The runtime reads the page's address, storage and <html>; a minimal stand-in is enough here.
    Object.assign(globalThis, {
      location: { search: '' },
      navigator: { languages: ['en-US'] },
      document: { documentElement: { lang: 'en' } },
    });
    const { translated } = await import('./translate.ts');
    const { setTranslator } = await import('./locale.ts');
    const { setupI18n } = await import('@lingui/core');
    const i18n = setupI18n();
    const source = {
      hello: 'Hello',
      quests: (game: string) => `${game} Quests`,
      found: (n: number) => `${n} found`,
      slides: ['One', 'Two'],
      nested: { untranslated: 'Stays' },
    };
    const texts = translated('t', source);
    expect([texts.hello, texts.quests('Tarkov'), texts.found(1200), [...texts.slides]]).toEqual([
      'Hello',
      'Tarkov Quests',
      '1200 found',
      ['One', 'Two'],
    ]);
    i18n.load('de', {
      't.hello': compileMessage('Hallo'),
      't.quests': compileMessage('Quests von {0}'),
      't.found': compileMessage('{0, plural, one {# gefunden} other {# gefunden (mehrere)}}'),
      't.slides.1': compileMessage('Zwei'),
    } as never);
    i18n.activate('de');
    setTranslator(i18n);
    expect([
      texts.hello,
      texts.quests('Tarkov'),
      texts.found(1200),
      texts.found(1),
      [...texts.slides],
    ]).toEqual(['Hallo', 'Quests von Tarkov', '1.200 gefunden (mehrere)', '1 gefunden', ['One', 'Zwei']]);
    expect(texts.nested.untranslated).toBe('Stays');
    setTranslator(undefined);
    expect(texts.hello).toBe('Hello');
  });
});

describe('the message modules of the web app', () => {
  it('wrap every shared message module under its catalog group', async () => {
    const modules = import.meta.glob('./messages/*.ts', { eager: true });
    const wrapped = Object.values(modules).flatMap((m) => Object.values(m as Record<string, object>));
    // The model and field names are read from their group by id (i18n/models.ts), not wrapped.
    const readById: (keyof typeof messageSources)[] = ['models'];
    const groups = Object.keys(messageSources).filter(
      (g) => !readById.includes(g as keyof typeof messageSources),
    );
    expect(wrapped).toHaveLength(groups.length);
  });
});
