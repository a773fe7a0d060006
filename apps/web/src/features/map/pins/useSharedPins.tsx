import { IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { TPin } from '@waypoint/shared/pins/schemas';
import type { TSharedPins } from '@waypoint/shared/pins/shares';
import { useEffect, useMemo, useRef, useState } from 'react';
import { api } from '../../../api/client.ts';
import { contentLang } from '../../../i18n/content.ts';
import { pinsMessages } from '../../../i18n/messages/pins-messages.ts';
import type { MapController } from '../map-controller.ts';
import classes from './pins.module.css';

/** A shared pin's id on the page: apart from the player's own pins. */
const sharedPrefix = 'shared:';
export const isSharedPinId = (id: string) => id.startsWith(sharedPrefix);

/**
 * Pins shared through a read-only link (`?pinShare={id}`), drawn with the player's own ones for
 * anyone, logged in or not: the link's banner (its title, the owner's name where they chose to
 * show it, a button that hides the pins) and each pin's read-only popup. A withdrawn link says so.
 */
export function useSharedPins(
  mapId: string,
  shareId: string | null,
  controller: React.RefObject<MapController | null>,
) {
  const [hidden, setHidden] = useState(false);
  const query = useQuery({
    queryKey: ['pin-share', shareId],
    queryFn: () => api.get<TSharedPins>(`/pin-share/${encodeURIComponent(shareId ?? '')}`),
    enabled: Boolean(shareId),
    retry: false,
  });
  const share = query.data?.mapId === mapId ? query.data : undefined;
  const pins = useMemo(
    (): TPin[] =>
      share && !hidden
        ? share.pins.map((p) => ({ ...p, id: `${sharedPrefix}${p.id}`, mapId, createdAt: '', updatedAt: '' }))
        : [],
    [share, hidden, mapId],
  );
  const route = share && !hidden ? (share.route ?? undefined) : undefined;

  // The link opens on its first pin, or where its route starts.
  const centred = useRef<string>(undefined);
  useEffect(() => {
    const start = share?.route?.points[0];
    const first = share?.pins[0] ?? (start ? { x: start[0], y: start[1] } : undefined);
    if (!share || !first || centred.current === share.id) return;
    let tries = 0;
    const centre = () => {
      if (controller.current?.viewCentre()) {
        centred.current = share.id;
        controller.current.centreOn({ x: first.x, y: first.y });
      } else if (++tries < 40) timer = window.setTimeout(centre, 100);
    };
    let timer = window.setTimeout(centre, 0);
    return () => window.clearTimeout(timer);
  }, [share, controller]);

  const banner = !shareId ? null : query.isError ? (
    <div className={classes.sharedBanner} role="status" data-testid="shared-pins-banner" data-map-control>
      {pinsMessages.shareNotFound}
    </div>
  ) : share && !hidden ? (
    <div className={classes.sharedBanner} data-testid="shared-pins-banner" data-map-control>
      {/* One run of words that wraps: a long title is read whole, even on a phone. */}
      <span className={classes.sharedWords}>
        <strong>
          {share.pins.length === 0 && share.route ? pinsMessages.sharedRoute : pinsMessages.sharedPins}
        </strong>
        {share.title ? (
          <span className={classes.sharedText} lang={contentLang}>
            {share.title}
          </span>
        ) : null}
        {share.owner ? (
          <span className={classes.sharedText}>{pinsMessages.sharedBy(share.owner)}</span>
        ) : null}
      </span>
      <button
        type="button"
        className={classes.control}
        aria-label={pinsMessages.closeShared}
        title={pinsMessages.closeShared}
        onClick={() => setHidden(true)}
      >
        <IconX size={16} aria-hidden />
      </button>
    </div>
  ) : null;

  const renderPopup = (pinId: string) => {
    const pin = pins.find((p) => p.id === pinId);
    if (!pin) return null;
    return (
      <div className={classes.popup} data-testid="shared-pin-popup">
        <div className={classes.popupKind}>{pinsMessages.sharedKind}</div>
        <h3 className={classes.popupName} lang={contentLang}>
          {pin.name}
        </h3>
        {pin.note ? (
          <p className={classes.popupNote} lang={contentLang}>
            {pin.note}
          </p>
        ) : null}
        {share?.owner ? <p className={classes.hint}>{pinsMessages.sharedBy(share.owner)}</p> : null}
      </div>
    );
  };

  return { pins, route, banner, renderPopup };
}
