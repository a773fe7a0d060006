import { z } from 'zod';

/**
 * The deployment settings the server writes into every page
 * (`<script type="application/json" id="waypoint-config">`, features/web-host/page-shell.ts) and the
 * web app reads (apps/web/src/app/config.ts). The server's tag `satisfies` the type and its tests
 * parse it with the schema; the web app imports only the type, so zod stays out of its first-load
 * code.
 */
export const zRuntimeConfig = z.object({
  apiBase: z.string(),
  imageHost: z.string(),
  publicSite: z.string(),
  supportEmail: z.string(),
  socialUrl: z.string(),
  socialLabel: z.string(),
  appStoreUrl: z.string(),
  appUrlScheme: z.string(),
  /** Ad network publisher id; empty: ad slots render nothing. */
  adsClient: z.string(),
  adsScriptSrc: z.string(),
  /** Ad unit id per placement; `default` serves placements not named. */
  adsSlots: z.record(z.string(), z.string()),
  /** Analytics script and its attributes; empty: no analytics. */
  analyticsSrc: z.string(),
  analyticsDomain: z.string(),
  analyticsWebsiteId: z.string(),
  /** Sentry project of the browser's error reports; empty: errors go to the server's log. */
  sentryDsn: z.string(),
  sentryEnvironment: z.string(),
  release: z.string(),
});

export type RuntimeConfig = z.infer<typeof zRuntimeConfig>;
