/**
 * What each page loads first, from a Vite build manifest: the entry, the page's first modules (page
 * manifest) and everything they import statically. Used by bench:web and by the browser tests' budget
 * check.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  type BuildManifest,
  entryKey,
  loadedFiles,
} from '../../../packages/shared/src/pages/build-manifest.ts';
import { consentDialogModule, firstLoadModules, pageList } from '../../../packages/shared/src/pages/pages.ts';

export interface RouteSize {
  route: string;
  path: string;
  /** The page's budget (gzip KB of JavaScript on a first visit), if it has one. */
  budgetKb: number | undefined;
  js: number;
  css: number;
  jsWithDialog: number;
  chunks: number;
  /** The JavaScript files of the first visit. */
  files: string[];
}

/** Gzip sizes (KB) of the JavaScript and CSS each page loads first, for a build folder. */
export function measureRoutes(dist: string): RouteSize[] {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as BuildManifest;
  const entry = entryKey(manifest);
  const sizes = new Map<string, number>();
  const gzipKb = (file: string) => {
    let kb = sizes.get(file);
    if (kb === undefined) {
      kb = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024;
      sizes.set(file, kb);
    }
    return kb;
  };
  const sum = (files: Iterable<string>) => [...files].reduce((a, f) => a + gzipKb(f), 0);
  return pageList
    .filter(([, page]) => page.pattern !== '*' && firstLoadModules(page).every((m) => manifest[m]))
    .map(([id, page]) => {
      const modules = [...(entry ? [entry] : []), ...firstLoadModules(page)];
      // A first visit in English asks the consent question in the page itself (index.html); the app's
      // dialog (the Consent link, first visits in another language) loads its code when it opens.
      const first = loadedFiles(manifest, modules);
      const withDialog = loadedFiles(manifest, [...modules, consentDialogModule]);
      return {
        route: id,
        path: page.pattern,
        budgetKb: page.budgetKb,
        js: sum(first.js),
        css: sum(first.css),
        jsWithDialog: sum(withDialog.js),
        chunks: first.js.size,
        files: [...first.js],
      };
    });
}

/** The pages over their budget. */
export function overBudget(rows: RouteSize[]): RouteSize[] {
  return rows.filter((r) => r.budgetKb !== undefined && r.js > r.budgetKb);
}
