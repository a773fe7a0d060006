import { config } from '../../app/config.ts';

/**
 * Adds the configured analytics script (Plausible/Umami style) to the page, with its site
 * attributes; automatic tracking is off, page views come from the router.
 */
export function addAnalyticsScript(onLoad: () => void) {
  const script = document.createElement('script');
  script.defer = true;
  script.src = config.analyticsSrc;
  if (config.analyticsDomain) script.dataset.domain = config.analyticsDomain;
  if (config.analyticsWebsiteId) script.dataset.websiteId = config.analyticsWebsiteId;
  script.dataset.autoTrack = 'false';
  script.addEventListener('load', onLoad);
  document.head.append(script);
}
