import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { catalogs } from './apps/web/i18n-catalogs.ts';
import { chromiumLaunchOptions } from './scripts/chromium.mjs';

/** Server test files that register a model at run time (see the server-registry project). */
const modelRegistering = ['apps/server/src/features/admin/admin.test.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // Pure modules of the web app (no browser needed).
        define: { __WAYPOINT_PROBE__: 'false' },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.ts'],
          exclude: ['apps/web/src/**/*.browser.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        // Components, hooks and the map's controller in Debian's Chromium (Vitest's browser mode): what
        // needs a real DOM, layout or canvas but not a whole journey through the site.
        plugins: [react(), catalogs()],
        define: { __WAYPOINT_PROBE__: 'true' },
        // Found on first import otherwise, which makes Vite reload the page in the middle of a test.
        optimizeDeps: { include: ['leaflet', 'culori/fn'] },
        test: {
          name: 'web-browser',
          include: ['apps/web/src/**/*.browser.test.{ts,tsx}'],
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: chromiumLaunchOptions }),
            instances: [{ browser: 'chromium' }],
            screenshotFailures: false,
          },
        },
      },
      {
        // Every file builds its own app on its own database, so the files share one module graph
        // (isolate: false): the server's modules are imported once per worker instead of once per file.
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: [
            'apps/server/src/**/*.load.test.ts',
            'apps/server/src/**/*.fault.test.ts',
            ...modelRegistering,
          ],
          environment: 'node',
          pool: 'forks',
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Files that add a model to the registry at run time: the registry is module state, so they
        // run in modules of their own.
        test: {
          name: 'server-registry',
          include: modelRegistering,
          environment: 'node',
          pool: 'forks',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Latency under load: these files measure the server while it is hammered, so they run on
        // their own, one at a time, after the other suites (`npm test` runs this project separately).
        test: {
          name: 'load',
          include: ['apps/server/src/**/*.load.test.ts'],
          environment: 'node',
          pool: 'forks',
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Faults: the suite's own PostgreSQL crashed, stopped and cut under load with two server
        // processes, and a process killed mid-work on SQLite; one file at a time, on its own
        // (`npm test -- faults`), on the production build made once.
        test: {
          name: 'faults',
          include: ['apps/server/src/**/*.fault.test.ts'],
          globalSetup: ['apps/server/src/faults/global-setup.ts'],
          environment: 'node',
          pool: 'forks',
          fileParallelism: false,
          testTimeout: 90_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
