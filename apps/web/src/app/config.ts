import { siteName } from '@waypoint/shared/pages/site';

/**
 * Deployment settings. The server reads them from its environment (apps/server/src/config.ts, the
 * one place) and writes them into every page as `<script type="application/json" id="waypoint-config">`;
 * without that tag (the Vite dev server) the defaults below apply.
 */
interface RuntimeConfig {
  apiBase: string;
  imageHost: string;
  publicSite: string;
  supportEmail: string;
  socialUrl: string;
  socialLabel: string;
  appStoreUrl: string;
  appUrlScheme: string;
  /** Ad network publisher id; empty: ad slots render nothing. */
  adsClient: string;
  adsScriptSrc: string;
  /** Ad unit id per placement; `default` serves placements not named. */
  adsSlots: Record<string, string>;
  /** Analytics script and its attributes; empty: no analytics. */
  analyticsSrc: string;
  analyticsDomain: string;
  analyticsWebsiteId: string;
  /** Sentry project of the browser's error reports; empty: errors go to the server's log. */
  sentryDsn: string;
  sentryEnvironment: string;
  release: string;
}

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
