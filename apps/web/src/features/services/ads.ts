import { useSyncExternalStore } from 'react';
import { config } from '../../app/config.ts';
import { insideFrame } from '../../app/nav/embedding.ts';

export type AdKind = 'leaderboard' | 'rectangle';

/** The ad unit of a placement: its own id from ADS_SLOTS, else the `default` one, else none. */
export function adUnit(placement: string): string | undefined {
  if (!config.adsClient) return undefined;
  return config.adsSlots[placement] ?? config.adsSlots.default;
}

/** Embedded maps (in a frame, on an /embed route or with the minimal bar) never show ads. */
export function embeddedPage(): boolean {
  return (
    insideFrame() ||
    location.pathname.startsWith('/embed/') ||
    new URLSearchParams(location.search).get('minimalNavBar') === 'true'
  );
}

let scriptAdded = false;

/** The ad network's tag, added once, by the first slot shown (only after advertising consent). */
export function loadAdScript() {
  if (scriptAdded || !config.adsClient || !config.adsScriptSrc) return;
  scriptAdded = true;
  const script = document.createElement('script');
  script.async = true;
  script.crossOrigin = 'anonymous';
  const src = new URL(config.adsScriptSrc, location.href);
  src.searchParams.set('client', config.adsClient);
  script.src = src.toString();
  script.dataset.testid = 'ads-script';
  document.head.append(script);
}

/** Asks the network to fill the slots added since the last call (AdSense's `adsbygoogle.push`). */
export function requestAd() {
  const w = window as unknown as { adsbygoogle?: unknown[] };
  w.adsbygoogle = w.adsbygoogle ?? [];
  try {
    w.adsbygoogle.push({});
  } catch {
    // A slot the network refuses stays empty; its space stays reserved.
  }
}

/** Whether a media query matches now, following changes (window resizes). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (listener) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', listener);
      return () => list.removeEventListener('change', listener);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
