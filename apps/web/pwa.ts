import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { type BuildManifest, entryKey, loadedFiles } from '../../packages/shared/src/pages/build-manifest.ts';
import { offlineModules } from '../../packages/shared/src/pages/pages.ts';
import { siteDescription, siteName, themeColor } from '../../packages/shared/src/pages/site.ts';

/** The app's icons, drawn from the SVGs at build time: the site icon, and a full-bleed maskable one. */
const icons = [
  { file: 'icons/icon-192.png', svg: 'public/favicon.svg', size: 192, purpose: 'any' },
  { file: 'icons/icon-512.png', svg: 'public/favicon.svg', size: 512, purpose: 'any' },
  { file: 'icons/icon-maskable-512.png', svg: 'icons/maskable.svg', size: 512, purpose: 'maskable' },
  // iOS rounds the corners of home-screen icons itself.
  { file: 'icons/apple-touch-icon.png', svg: 'icons/maskable.svg', size: 180, purpose: undefined },
] as const;

/**
 * Files of the entry and of the modules of the pages that work offline (the page manifest's
 * `offline` pages with what they load later, and the app's own), with everything they import
 * statically. Other pages' code is cached as it is loaded.
 */
export function offlineFiles(manifest: BuildManifest): Set<string> {
  const entry = entryKey(manifest);
  const { js, css } = loadedFiles(manifest, [...(entry ? [entry] : []), ...offlineModules()], (key) => {
    throw new Error(`pwa.ts: offline module ${key} is not in the build`);
  });
  return new Set([...js, ...css]);
}

/** The installable app: web manifest, icons and the service worker (`src/sw/sw.ts`). */
export function pwa(): Plugin[] {
  let outDir = 'dist';
  const iconPlugin: Plugin = {
    name: 'waypoint-pwa-icons',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async generateBundle() {
      for (const icon of icons) {
        const svg = await readFile(path.join(import.meta.dirname, icon.svg));
        // Drawn at the target size (the SVGs are 64 units wide), not scaled up from a small raster.
        const png = await sharp(svg, { density: (72 * icon.size) / 64 })
          .resize(icon.size, icon.size)
          .png({ compressionLevel: 9 })
          .toBuffer();
        this.emitFile({ type: 'asset', fileName: icon.file, source: png });
      }
    },
  };
  return [
    iconPlugin,
    ...VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      // The page registers the worker itself, after load (features/offline/register.ts).
      injectRegister: false,
      registerType: 'prompt',
      includeManifestIcons: false,
      devOptions: { enabled: false },
      manifest: {
        id: '/',
        name: siteName,
        short_name: siteName,
        description: siteDescription,
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: themeColor,
        background_color: '#ffffff',
        icons: icons
          .filter((icon) => icon.purpose)
          .map((icon) => ({
            src: `/${icon.file}`,
            sizes: `${icon.size}x${icon.size}`,
            type: 'image/png',
            purpose: icon.purpose,
          })),
      },
      injectManifest: {
        // A classic script: every browser with service workers runs it.
        rollupFormat: 'iife',
        globPatterns: [
          'index.html',
          'manifest.webmanifest',
          'favicon.svg',
          'icons/*.png',
          'assets/*.{js,css}',
        ],
        manifestTransforms: [
          async (entries) => {
            const manifest = JSON.parse(await readFile(path.join(outDir, '.vite/manifest.json'), 'utf8'));
            const keep = offlineFiles(manifest);
            return {
              manifest: entries.filter((e) => !e.url.startsWith('assets/') || keep.has(e.url)),
              warnings: [],
            };
          },
        ],
      },
    }),
  ];
}
