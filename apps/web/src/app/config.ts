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
 * The page's settings as the server wrote them. Its value `satisfies` the shared type and its tests
 * parse the tag with the shared zod schema, so the web app only reads it: a check here (zod, or by
 * hand against the defaults) would add to the first-load code of every page, which is at its size
 * budget. A setting the tag lacks (an older page) keeps its default.
 */
function fromPage(): Partial<RuntimeConfig> {
  if (typeof document === 'undefined') return {};
  const text = document.getElementById('waypoint-config')?.textContent;
  if (!text) return {};
  try {
    return JSON.parse(text) as Partial<RuntimeConfig>;
  } catch {
    return {};
  }
}

export const config = {
  ...defaults,
  ...fromPage(),
  siteName,
} as const;
