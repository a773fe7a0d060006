import { constants } from '@waypoint/shared/constants';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { config } from '../../app/config.ts';
import { servicesMessages } from '../../i18n/messages/services-messages.ts';
import { useConsent } from '../consent/consent.ts';
import classes from './AdSlot.module.css';
import { type AdKind, adUnit, embeddedPage, loadAdScript, requestAd, useMediaQuery } from './ads.ts';

const wideQuery = '(min-width: 1025px)';

/** The sizes a slot may show in this viewport: wide ones from 1025 px, phone ones below 768 px. */
function sizesFor(kind: AdKind, wide: boolean): (readonly [number, number])[] {
  const sizes = constants.ads[kind].sizes;
  return sizes.filter(([w]) => (wide ? w > 320 : w <= 320));
}

interface Props {
  /** The placement's name (an ADS_SLOTS key), e.g. `quest_bottom_center`. */
  placement: string;
  kind?: AdKind;
  /** This slot keeps its ad (no 30 s refresh) at 970 px wide or less. */
  noNarrowRefresh?: boolean;
}

/**
 * One ad slot (SPEC §9): a leaderboard (970×90, 728×90; 320×50, 320×100 on phones) or a rectangle
 * (300×250, 336×280 from 1025 px), shown only where its viewport rule allows, on pages that are not
 * embedded, after advertising consent and when the ad network is configured; otherwise it renders
 * nothing and takes no space. A new page (full route change) asks for a new ad, and a shown ad is
 * refreshed every 30 s while the slot is on screen and the tab visible, without limit.
 */
export function AdSlot({ placement, kind = 'leaderboard', noNarrowRefresh = false }: Props) {
  const consent = useConsent();
  const shown = useMediaQuery(constants.ads[kind].media);
  const wide = useMediaQuery(wideQuery);
  const { pathname } = useLocation();
  const unit = adUnit(placement);
  if (!unit || !consent?.advertising || !shown || embeddedPage()) return null;
  const sizes = sizesFor(kind, wide);
  if (sizes.length === 0) return null;
  return (
    <AdBox
      key={`${pathname}|${wide}`}
      placement={placement}
      unit={unit}
      sizes={sizes}
      noNarrowRefresh={noNarrowRefresh}
    />
  );
}

function AdBox(props: {
  placement: string;
  unit: string;
  sizes: (readonly [number, number])[];
  noNarrowRefresh: boolean;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [round, setRound] = useState(0);
  const [size, setSize] = useState<readonly [number, number] | undefined>();
  const height = Math.max(...props.sizes.map(([, h]) => h));
  const width = Math.max(...props.sizes.map(([w]) => w));

  // The largest size that fits the space the page gives the slot.
  useEffect(() => {
    const available = box.current?.parentElement?.clientWidth ?? window.innerWidth;
    const fitting = props.sizes.filter(([w]) => w <= available).sort((a, b) => b[0] * b[1] - a[0] * a[1]);
    setSize(fitting[0] ?? props.sizes.at(-1));
  }, [props.sizes]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each round is a new ad request
  useEffect(() => {
    if (!size) return;
    loadAdScript();
    requestAd();
  }, [size, round]);

  // Refresh every 30 s while on screen and visible (refreshLimit 0: no limit).
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let onScreen = true;
    const observer = new IntersectionObserver(([entry]) => {
      onScreen = entry?.isIntersecting ?? true;
    });
    observer.observe(element);
    const limit = constants.ads.refreshLimit;
    let refreshes = 0;
    const timer = window.setInterval(() => {
      if (!onScreen || document.visibilityState !== 'visible') return;
      if (props.noNarrowRefresh && window.innerWidth <= constants.ads.noRefreshMaxWidthPx) return;
      if (limit > 0 && refreshes >= limit) return;
      refreshes++;
      setRound((r) => r + 1);
    }, constants.ads.refreshMs);
    return () => {
      observer.disconnect();
      window.clearInterval(timer);
    };
  }, [props.noNarrowRefresh]);

  return (
    <aside
      className={classes.slot}
      aria-label={servicesMessages.advertisement}
      data-testid="ad-slot"
      data-placement={props.placement}
    >
      <span className={classes.label}>{servicesMessages.advertisement}</span>
      <div ref={box} className={classes.box} style={{ height, width, maxWidth: '100%' }}>
        {size ? (
          <ins
            key={round}
            className="adsbygoogle"
            style={{ display: 'inline-block', width: size[0], height: size[1] }}
            data-ad-client={config.adsClient}
            data-ad-slot={props.unit}
          />
        ) : null}
      </div>
    </aside>
  );
}
