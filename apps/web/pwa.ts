import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** The app's icons, drawn from the SVGs at build time: the site icon, and a full-bleed maskable one. */
const icons = [
  { file: 'icons/icon-192.png', svg: 'public/favicon.svg', size: 192, purpose: 'any' },
  { file: 'icons/icon-512.png', svg: 'public/favicon.svg', size: 512, purpose: 'any' },
  { file: 'icons/icon-maskable-512.png', svg: 'icons/maskable.svg', size: 512, purpose: 'maskable' },
  // iOS rounds the corners of home-screen icons itself.
  { file: 'icons/apple-touch-icon.png', svg: 'icons/maskable.svg', size: 180, purpose: undefined },
] as const;

/**
 * Source modules (build-manifest keys) whose code is precached with the entry, so that the pages
 * that work offline (home, game, map with its drawing code, popup and panels) never miss a chunk: everything they
 * import is included. Other pages' code is cached as it is loaded.
 */
const offlineModules = [
  'src/features/home/HomePage.tsx',
  'src/features/game/GamePage.tsx',
  'src/app/nav/NavBar.tsx',
  'src/app/Toasts.tsx',
  'src/features/consent/ConsentDialog.tsx',
  'src/features/error/ErrorPage.tsx',
  'src/features/error/NotFoundPage.tsx',
  'src/features/map/route.tsx',
  'src/features/map/map-engine.ts',
  'src/features/map/popup/MarkerPopup.tsx',
  'src/features/map/popup/Freshness.tsx',
  'src/features/map/panels/QuestsPanel.tsx',
  'src/features/map/list/MarkerListPanel.tsx',
  'src/features/offline/register.ts',
  'src/features/offline/replay.ts',
];

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** Files of the entry and of the offline modules, with everything they import statically. */
export function offlineFiles(manifest: Record<string, ManifestChunk>): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const i of chunk.imports ?? []) visit(i);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  for (const key of offlineModules) {
    if (!manifest[key]) throw new Error(`pwa.ts: offline module ${key} is not in the build`);
    visit(key);
  }
  return files;
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
        name: 'Waypoint',
        short_name: 'Waypoint',
        description:
          'Interactive maps for your favourite games: loot maps, locations, quests and hidden secrets.',
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#1c7ed6',
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
