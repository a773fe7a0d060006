import { config } from '../config.ts';

// Shared with the page's start-up code (whether a first visit is asked the consent question here).
export { asksConsentAt, insideFrame } from '../../../boot/first-visit.ts';

/** Link target on the public site, for links that leave an embedded page. */
export function publicUrl(path: string): string {
  return `${config.publicSite || location.origin}${path}`;
}
