import { config } from '../config.ts';

/** True when the page runs inside someone else's iframe. */
export function insideFrame(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
}

/** Link target on the public site, for links that leave an embedded page. */
export function publicUrl(path: string): string {
  return `${config.publicSite || location.origin}${path}`;
}
