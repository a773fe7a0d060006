import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Plugin as EsbuildPlugin, build as esbuild } from 'esbuild';
import type { Plugin } from 'vite';
import { consentMessages } from '../../../packages/shared/src/consent-messages.ts';
import {
  afterPaintTemplateId,
  escapeHtml,
  type ShellBuild,
  shellBuildFile,
  shellSlots,
} from '../../../packages/shared/src/html.ts';
import { pageList } from '../../../packages/shared/src/pages/pages.ts';
import { siteDescription, siteTitle, themeColor } from '../../../packages/shared/src/pages/site.ts';
import { consentMarkup, firstPaintPrefix } from '../src/features/consent/consent-markup.ts';

const webDir = path.resolve(import.meta.dirname, '..');
/** The app's entry module: the build's only input. */
const entryModule = 'src/app/main.tsx';

/**
 * The app's modules these scripts share (the language detection, the consent keys) also import React
 * and Lingui for the app; nothing of those runs before the first paint, so an import of a package that
 * the script does not use is dropped instead of bundling the package.
 */
const unusedPackagesDropped: EsbuildPlugin = {
  name: 'unused-packages-dropped',
  setup(build) {
    build.onResolve({ filter: /^[@a-z]/ }, async (args) => {
      if (args.pluginData === 'resolving' || args.path.startsWith('virtual:')) return undefined;
      const result = await build.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: 'resolving',
      });
      return { ...result, sideEffects: false };
    });
  },
};

/** One of this folder's scripts, bundled and minified into one classic inline script. */
async function inlineScript(name: string): Promise<string> {
  const result = await esbuild({
    entryPoints: [path.join(import.meta.dirname, name)],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    // The language catalogs, which the app's language module loads, are the app's.
    external: ['virtual:*'],
    plugins: [unusedPackagesDropped],
    write: false,
    logLevel: 'silent',
  });
  // `</script` inside the code would end the element early.
  return (result.outputFiles[0]?.text ?? '').trim().replace(/<\/script/gi, '<\\/script');
}

interface Start {
  /** The built entry's address and the addresses of the chunks it imports. */
  entry: string;
  imports: string[];
  stylesheets: string[];
}

/**
 * The page every route is answered with. The build's copy waits for the server to fill its slots
 * (`shellSlots`); the dev server's is filled with the site's defaults and starts the entry at once.
 */
async function document(start: Start | undefined): Promise<{ html: string; scripts: string[] }> {
  const css = readFileSync(path.join(webDir, 'src/features/consent/consent.css'), 'utf8');
  const markup = consentMarkup(consentMessages, { analytics: false, advertising: false }, firstPaintPrefix);
  const head = await inlineScript('head.ts');
  const consent = await inlineScript('consent-question.ts');
  const run = start && (await inlineScript('start.ts'));
  const slot = start
    ? shellSlots.head
    : `<title>${escapeHtml(siteTitle)}</title>\n    <meta name="description" content="${escapeHtml(siteDescription)}" />`;
  // The web manifest (pwa.ts) exists in builds only: the dev server runs no service worker.
  const later = start
    ? [start.entry, ...start.imports].map((file) => `<link rel="modulepreload" crossorigin href="${file}">`)
    : [];
  const html = `<!doctype html>
<html lang="en" data-mantine-color-scheme="light">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="theme-color" content="${themeColor}" />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />
${start ? '    <link rel="manifest" href="/manifest.webmanifest">\n' : ''}    ${slot}
    <template id="${afterPaintTemplateId}">
      ${[...later, ...(start ? [shellSlots.preloads] : [])].join('\n      ')}
    </template>
    <script>${head}</script>
    <style>${css}</style>
${(start?.stylesheets ?? []).map((file) => `    <link rel="stylesheet" crossorigin href="${file}">\n`).join('')}  </head>
  <body>
    <dialog id="${firstPaintPrefix}" class="wp-consent-dialog" aria-labelledby="${firstPaintPrefix}-title" data-testid="consent-first-paint">${markup}</dialog>
    <script>${consent}</script>
    <div id="root"></div>
    ${run ? `<script data-entry="${start?.entry}">${run}</script>` : `<script type="module" src="/${entryModule}"></script>`}
  </body>
</html>
`;
  return { html, scripts: [head, consent, ...(run ? [run] : [])] };
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * Writes the page every route is answered with (index.html) from the typed start-up scripts of this
 * folder, and beside the build manifest the CSP hashes of its inline scripts.
 *
 * - The page's first paint needs only the HTML and one stylesheet: a first visit's consent question
 *   is in it (its markup from the app's own dialog, with the shared English texts) and is asked and
 *   answered by `consent-question.ts` without the app.
 * - The tags of the app's modules, the page's own stylesheets and its first API answers wait in an
 *   inert template; `head.ts` moves them into <head> while the page is parsed, unless the first paint
 *   is a first visit's question (then `start.ts` does, after that paint).
 * - `start.ts` imports the entry once the first frame has been painted.
 */
export function boot(): Plugin {
  return {
    name: 'waypoint-boot',
    config(_config, env) {
      if (env.command !== 'build') return;
      // The entry is the app's module; the page is written below, not taken from index.html.
      return { build: { rollupOptions: { input: { index: path.join(webDir, entryModule) } } } };
    },
    transformIndexHtml: {
      order: 'pre',
      // The dev server's page (the build writes its own in generateBundle).
      handler: async () => (await document(undefined)).html,
    },
    async generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) throw new Error('boot: the build has no entry chunk');
      // The router loads each page of the page manifest as a chunk of its own: a module renamed on one
      // side only fails the build.
      const pageChunks = new Set(
        chunks.map((c) => c.facadeModuleId && path.relative(webDir, c.facadeModuleId)),
      );
      for (const [id, page] of pageList) {
        if (!pageChunks.has(page.module))
          throw new Error(`boot: the page ${id} (${page.module}) is not a chunk`);
      }
      const imports = new Set<string>();
      const visit = (file: string) => {
        const chunk = bundle[file];
        if (chunk?.type !== 'chunk') return;
        for (const i of chunk.imports) {
          if (imports.has(i)) continue;
          imports.add(i);
          visit(i);
        }
      };
      visit(entry.fileName);
      const { html, scripts } = await document({
        entry: `/${entry.fileName}`,
        imports: [...imports].map((f) => `/${f}`),
        stylesheets: [...(entry.viteMetadata?.importedCss ?? [])].map((f) => `/${f}`),
      });
      this.emitFile({ type: 'asset', fileName: 'index.html', source: html });
      const shell: ShellBuild = { scriptHashes: scripts.map(sha256) };
      this.emitFile({ type: 'asset', fileName: shellBuildFile, source: JSON.stringify(shell) });
    },
  };
}
