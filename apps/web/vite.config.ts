import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { boot } from './boot/plugin.ts';
import { catalogs } from './i18n-catalogs.ts';
import { precompress } from './precompress.ts';
import { pwa } from './pwa.ts';

const apiTarget = process.env.WAYPOINT_API ?? 'http://localhost:3000';
const proxied = ['/api', '/uploads', '/thumbs', '/mapTiles'];

export default defineConfig({
  define: {
    // The browser tests' and the benchmarks' builds carry the map's probe (src/features/map/probe.ts);
    // a production build folds every use of it away.
    __WAYPOINT_PROBE__: JSON.stringify(process.env.WAYPOINT_PROBE === '1'),
  },
  plugins: [react(), catalogs(), boot(), precompress(), pwa()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: apiTarget, changeOrigin: true }])),
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    assetsInlineLimit: 2048,
    // The entry stays small: pages, maps, tools and the admin panel are split by route.
    chunkSizeWarningLimit: 400,
    manifest: true,
  },
});
