/** Deployment settings, baked in at build time (`VITE_*` environment variables). */
const env = import.meta.env;

export const config = {
  /** Base address of the HTTP API. */
  apiBase: (env.VITE_API_BASE as string | undefined) ?? '/api',
  /** Host of uploaded images, thumbnails and map tiles; empty means this site. */
  imageHost: (env.VITE_IMAGE_HOST as string | undefined) ?? '',
  /** The public site, used for links that leave an embedded map. */
  publicSite: (env.VITE_PUBLIC_SITE as string | undefined) ?? '',
  supportEmail: (env.VITE_SUPPORT_EMAIL as string | undefined) ?? 'support@waypoint.local',
  socialUrl: (env.VITE_SOCIAL_URL as string | undefined) ?? 'https://github.com/waypoint-maps',
  socialLabel: (env.VITE_SOCIAL_LABEL as string | undefined) ?? 'Waypoint on GitHub',
  /** Store page of the in-game overlay app; without it the badge opens the promo page. */
  appStoreUrl: (env.VITE_APP_STORE_URL as string | undefined) ?? '',
  siteName: 'Waypoint',
} as const;
