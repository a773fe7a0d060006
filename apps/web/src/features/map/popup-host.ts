import type * as Leaflet from 'leaflet';
import classes from './map.module.css';
import type { MapEngine } from './map-engine-loader.ts';
import type { MapOverlay } from './overlay.ts';
import { popupRoom, type Room } from './popup-room.ts';

/** An open popup: the marker (or the player's pin) and the element its content is rendered into. */
export type OpenPopup = { index: number; container: HTMLElement } | { pinId: string; container: HTMLElement };

/** Tells the page which popup is open (its content is rendered by the page). */
export type PopupListener = (popup: OpenPopup | undefined) => void;

/**
 * The map's one popup, whose content the page renders into its element: it opens clear of the
 * controls over the map, places itself again as its content grows, closes with Escape, and lifts
 * the map's pan limits while it is open. Its props are the page's listener.
 */
export class PopupHost implements MapOverlay<PopupListener> {
  private map?: Leaflet.Map;
  private popup?: Leaflet.Popup;
  private onPopup?: PopupListener;
  /** The map's pan limits, kept while an open popup has them lifted. */
  private liftedBounds?: Leaflet.LatLngBounds;

  constructor(private readonly engine: MapEngine) {}

  attach(map: Leaflet.Map) {
    this.map = map;
  }

  set(onPopup: PopupListener) {
    this.onPopup = onPopup;
  }

  detach() {
    this.close();
    this.map = undefined;
    this.liftedBounds = undefined;
  }

  close() {
    if (this.map && this.popup) this.map.closePopup(this.popup);
  }

  /** Places the open popup again after its content changed size. */
  relayout = () => {
    this.popup?.update();
  };

  /** Opens a popup at `at`, `offsetY` pixels below it, whose content the page renders (`content`). */
  open(at: Leaflet.LatLngExpression, offsetY: number, content: (container: HTMLElement) => OpenPopup) {
    const m = this.map;
    if (!m) return;
    const container = document.createElement('div');
    const room = roomOf(m);
    // A narrow map (a phone beside the floor control) gets a narrower popup that fits between them.
    const width = Math.max(220, Math.min(301, m.getSize().x - room.left - room.right - 48));
    const p = this.engine.L.popup({
      maxWidth: width,
      minWidth: width,
      className: classes.popup,
      autoPanPaddingTopLeft: [room.left, room.top],
      autoPanPaddingBottomRight: [room.right, room.bottom],
      offset: [0, offsetY],
    });
    p.setLatLng(at).setContent(container);
    // The content is rendered after the popup opens and grows with it (its code, images, comments):
    // each change of size places it again and pans the map so that all of it is in view.
    const resize = new ResizeObserver(() => {
      if (this.popup === p && p.isOpen()) p.update();
    });
    resize.observe(container);
    // Escape closes it wherever the focus is (Leaflet only listens while the map itself has focus),
    // unless a field outside the popup uses the key (the search box clears itself).
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || !p.isOpen()) return;
      const target = e.target as HTMLElement | null;
      if (target?.closest('input, textarea, select') && !container.contains(target)) return;
      m.closePopup(p);
    };
    document.addEventListener('keydown', onKey);
    // Near the picture's edge the popup needs room that the pan limits refuse (Leaflet pans back
    // inside them): they are lifted while a popup is open, and the view returns inside on close.
    this.liftedBounds ??= (m.options.maxBounds as Leaflet.LatLngBounds | undefined) ?? undefined;
    m.setMaxBounds(null as unknown as Leaflet.LatLngBounds);
    p.on('remove', () => {
      resize.disconnect();
      document.removeEventListener('keydown', onKey);
      if (this.popup !== p) return;
      if (this.liftedBounds && this.map === m) m.setMaxBounds(this.liftedBounds);
      this.liftedBounds = undefined;
      this.onPopup?.(undefined);
    });
    this.popup = p;
    m.openPopup(p);
    this.onPopup?.(content(container));
  }
}

/**
 * The room a popup keeps from the map's edges: clear of every control drawn over the map (its own
 * buttons, the page's toolbars, handles and panels marked `data-map-control`, and a panel over the
 * map's top, `data-covers-map-top`), measured from where they are now (see popupRoom).
 */
function roomOf(map: Leaflet.Map): Room {
  const el = map.getContainer();
  const box = el.getBoundingClientRect();
  const page = el.parentElement?.parentElement ?? el;
  const controls = [
    ...page.querySelectorAll('[data-map-control], [data-covers-map-top], .leaflet-control'),
  ].flatMap((c) => {
    const r = c.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return [];
    return [
      {
        left: r.left - box.left,
        top: r.top - box.top,
        right: r.right - box.left,
        bottom: r.bottom - box.top,
      },
    ];
  });
  return popupRoom(box.width, box.height, controls, { top: 20, left: 20, bottom: 20, right: 20 });
}
