import { type ReactNode, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useSafeMarkerColours } from '../../app/display.ts';
import { mapMessages } from '../../i18n/messages/map-messages.ts';
import classes from './map.module.css';
import { type MapController, type MapInput, MapViewController, type OpenPopup } from './map-controller.ts';
import { preloadMapEngine } from './map-engine-loader.ts';
import type { MapViewStore } from './view-store.ts';

export type { MapController, MapPointerTools } from './map-controller.ts';

preloadMapEngine();

/** What the map shows and tells (see `MapInput`), and what the page renders into and over it. */
interface Props extends Omit<MapInput, 'safeColours' | 'onPopup'> {
  /** Popup content; `relayout` places the popup again after its content changed size. */
  renderPopup: (index: number, relayout: () => void) => ReactNode;
  /** A pin's popup content (the player's own pins). */
  renderPinPopup?: (pinId: string, relayout: () => void) => ReactNode;
  controller: React.Ref<MapController>;
  /** Panels drawn over the map (the suggestion tools). */
  overlay?: ReactNode;
  /** Where the map publishes its view for the page's parts. */
  views: MapViewStore;
}

/**
 * The map of one game map (see map-controller.ts, which owns it): React gives it its element and,
 * after each render, the page's state; the open popup's content is rendered here.
 */
export function MapView({ controller, overlay, renderPopup, renderPinPopup, views, ...input }: Props) {
  const element = useRef<HTMLDivElement>(null);
  const [map] = useState(() => new MapViewController(views));
  const [popup, setPopup] = useState<OpenPopup | undefined>();
  const safeColours = useSafeMarkerColours();
  useImperativeHandle(controller, () => map, [map]);

  useEffect(() => {
    const el = element.current;
    if (!el) return;
    map.mount(el);
    return () => map.destroy();
  }, [map]);

  useEffect(() => {
    map.sync({ ...input, safeColours, onPopup: setPopup });
  });

  return (
    <div className={classes.mapArea}>
      <div
        ref={element}
        className={classes.map}
        data-testid="map"
        data-embedded={input.embedded || undefined}
        role="application"
        aria-label={mapMessages.mapOf(input.map.name)}
      />
      {overlay}
      {popup
        ? createPortal(
            'pinId' in popup
              ? renderPinPopup?.(popup.pinId, map.relayoutPopup)
              : renderPopup(popup.index, map.relayoutPopup),
            popup.container,
          )
        : null}
    </div>
  );
}
