/**
 * `npm run i18n:extract`: brings each translated language's catalog (src/i18n/locales/<language>/
 * <group>.json) in line with the shared message modules: every id it lacks is added with the English
 * text or template marked `TODO: `, ids that no longer exist are dropped, and what is left to translate
 * is printed. `npm test` fails while any is left.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { messageSources } from '@waypoint/shared/i18n/sources';
import { catalogEntries } from '@waypoint/shared/i18n/templates';
import { localesDir, todoMark } from '../i18n-catalogs.ts';

export function groupedEnglish(): Map<string, Record<string, string>> {
  const groups = new Map<string, Record<string, string>>();
  for (const e of catalogEntries(messageSources)) {
    const group = e.id.split('.')[0] as string;
    const g = groups.get(group) ?? {};
    g[e.id] = e.english;
    groups.set(group, g);
  }
  return groups;
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

function main() {
  const english = groupedEnglish();
  const languages = readdirSync(localesDir).filter((d) => !d.includes('.'));
  for (const language of languages) {
    let todo = 0;
    for (const [group, texts] of english) {
      const file = path.join(localesDir, language, `${group}.json`);
      let current: Record<string, string> = {};
      try {
        current = JSON.parse(readFileSync(file, 'utf8'));
      } catch {
        // A new group: every text is to translate.
      }
      const next: Record<string, string> = {};
      for (const [id, text] of Object.entries(texts)) {
        next[id] = current[id] ?? `${todoMark}${text}`;
        if (next[id]?.startsWith(todoMark)) todo++;
      }
      writeFileSync(file, json(next));
    }
    console.log(`${language}: ${todo} to translate`);
  }
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) main();
