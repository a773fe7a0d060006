import { lazy, Suspense } from 'react';
import { config } from '../../app/config.ts';
import { useConsent } from '../consent/consent.ts';

const AdSlot = lazy(() => import('./AdSlot.tsx').then((m) => ({ default: m.AdSlot })));

/** Starts loading the slot's code with the app when ads will show, so pages do not wait for it. */
export function preloadAdSlot() {
  void import('./AdSlot.tsx');
}

type Props = Parameters<typeof import('./AdSlot.tsx').AdSlot>[0];

/**
 * An ad slot whose code loads only for visitors who allowed advertising on a site with an ad
 * network configured (the map route's budget has no room for it otherwise). Until it arrives, the
 * leaderboard's space is already held.
 */
export function PageAd(props: Props) {
  const consent = useConsent();
  const unit = config.adsClient && (config.adsSlots[props.placement] ?? config.adsSlots.default);
  if (!unit || !consent?.advertising) return null;
  return (
    <Suspense fallback={<div data-ad-placeholder style={{ height: placeholderHeight(props.kind) }} />}>
      <AdSlot {...props} />
    </Suspense>
  );
}

/** The slot's height where its §9 viewport rule shows it (label, ad, margins), else nothing. */
function placeholderHeight(kind: Props['kind']): number {
  const width = window.innerWidth;
  if (kind === 'rectangle') return width > 1024 ? 326 : 0;
  return width > 1024 ? 136 : width >= 320 && width < 768 ? 146 : 0;
}
