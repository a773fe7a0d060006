import { siteName } from '@waypoint/shared/pages/site';
import type { RuntimeConfig } from '@waypoint/shared/runtime-config';

/**
 * Deployment settings. The server reads them from its environment (apps/server/src/config.ts, the
 * one place) and writes them into every page as `<script type="application/json" id="waypoint-config">`
 * (declared once: `RuntimeConfig` in packages/shared/src/runtime-config.ts); without that tag (the
 * Vite dev server) the defaults below apply.
 */
const defaults: RuntimeConfig = {
  apiBase: '/api',
  imageHost: '',
  publicSite: '',
  supportEmail: 'support@waypoint.local',
  socialUrl: 'https://github.com/waypoint-maps',
  socialLabel: 'Waypoint on GitHub',
  appStoreUrl: '',
  appUrlScheme: 'waypoint',
  adsClient: '',
  adsScriptSrc: '',
  adsSlots: {},
  analyticsSrc: '',
  analyticsDomain: '',
  analyticsWebsiteId: '',
  sentryDsn: '',
  sentryEnvironment: 'development',
  release: '',
};

/**
 * The page's settings, each kept only when it is of its default's kind (text, or an object for
 * `adsSlots`). Checked by hand rather than with the shared zod schema: zod would add to the
 * first-load code of every page, which is at its size budget; the server's tag is checked against
 * the schema by its tests.
 */
function fromPage(): Partial<RuntimeConfig> {
  const found: Record<string, unknown> = {};
  try {
    const page = JSON.parse(document.getElementById('waypoint-config')!.textContent!);
    for (const key in defaults) {
      const value = page[key];
      if (typeof value === typeof defaults[key as keyof RuntimeConfig] && value !== null) found[key] = value;
    }
  } catch {
    // No document, no tag (the Vite dev server) or no JSON object in it: the defaults apply.
  }
  return found;
}

export const config = {
  ...defaults,
  ...fromPage(),
  siteName,
} as const;
