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
  siteName: 'Waypoint',
} as const;
