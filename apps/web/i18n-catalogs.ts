import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';
// Relative paths: Vite bundles its config with these sources rather than asking Node to load TypeScript.
import { messageSources } from '../../packages/shared/src/i18n/sources.ts';
import { englishCatalog, pseudoLocalize } from '../../packages/shared/src/i18n/templates.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const localesDir = path.join(here, 'src/i18n/locales');
const prefix = 'virtual:waypoint-catalog/';
/** Marks an entry `npm run i18n:extract` added that still holds the English text. */
export const todoMark = 'TODO: ';

/** The files of a language's catalog: one per message group, `locales/<locale>/<group>.json`. */
export function catalogFiles(locale: string): string[] {
  const dir = path.join(localesDir, locale);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => path.join(dir, f));
}

/** A translated catalog as written by translators: id → ICU message, all groups together. */
export function readCatalog(locale: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const file of catalogFiles(locale)) Object.assign(out, JSON.parse(readFileSync(file, 'utf8')));
  return out;
}

/** The catalog of a locale, compiled for Lingui's runtime (no message parser in the browser). */
export function compiledCatalog(locale: string): Record<string, unknown> {
  const source =
    locale === 'pseudo'
      ? Object.fromEntries(
          Object.entries(englishCatalog(messageSources)).map(([id, t]) => [id, pseudoLocalize(t)]),
        )
      : readCatalog(locale);
  return Object.fromEntries(
    Object.entries(source)
      .filter(([, message]) => !message.startsWith(todoMark))
      .map(([id, message]) => [id, compileMessage(message)]),
  );
}

/**
 * `import('virtual:waypoint-catalog/de')`: the German catalog compiled at build time; `…/pseudo`: the
 * pseudo-locale made from the English source texts.
 */
export function catalogs(): Plugin {
  return {
    name: 'waypoint-catalogs',
    resolveId(id) {
      return id.startsWith(prefix) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${prefix}`)) return undefined;
      const locale = id.slice(prefix.length + 1);
      if (locale !== 'pseudo') for (const file of catalogFiles(locale)) this.addWatchFile(file);
      return `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(compiledCatalog(locale)))});`;
    },
  };
}
