import { IconCheck, IconRoute, IconShare, IconX } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { Button, IconButton } from '../../../components/controls.tsx';
import { contentLang } from '../../../i18n/content.ts';
import { listMessages } from '../../../i18n/messages/list-messages.ts';
import { pinsMessages } from '../../../i18n/messages/pins-messages.ts';
import { definitionImageUrl } from '../layers/icons.ts';
import { type FlagsState, type MarkerStore, Shown } from '../layers/marker-store.ts';
import type { MapController } from '../map-input.ts';
import { inBounds, type MapViewStore, useMapView } from '../view-store.ts';
import classes from './list.module.css';
import { listOrder } from './list-order.ts';
import { type RouteScope, useAutoRoute } from './useAutoRoute.ts';

interface Props {
  store: MarkerStore;
  controller: RefObject<MapController | null>;
  /** The map's view: the list shows the markers in it. */
  views: MapViewStore;
  /** The store's visible flags (a new value whenever they changed). */
  visibility: FlagsState;
  /** The store's completed flags (a new value whenever they changed). */
  completion: FlagsState;
  open: boolean;
  /** Changes when the list is asked for (button or shortcut): focus moves into it. */
  focus: number;
  /** Players can mark markers found; guests cannot. */
  canComplete: boolean;
  onComplete: (id: string, name: string, completed: boolean) => void;
  onClose: () => void;
  announce: (text: string) => void;
  /** The player's own pins (changes when they change): those in view are listed too. */
  ownPins?: readonly unknown[];
  /** Shares the drawn route through a read-only link (players only). */
  onShareRoute?: (points: readonly { lat: number; lng: number }[]) => void;
}

const ROW_HEIGHT = 44;
const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/** A row's icon: the definition's image, or its pin colours. */
function RowIcon({ store, i }: { store: MarkerStore; i: number }) {
  const definition = store.definitionOf(i);
  const url = definition.markerDefinitionType === 'IMAGE' ? definitionImageUrl(definition) : undefined;
  if (url) return <img className={classes.icon} src={url} alt="" aria-hidden="true" />;
  return (
    <span
      className={classes.icon}
      aria-hidden="true"
      style={{
        background: definition.wrapperColor || definition.polygonColor || '#334155',
        borderColor: definition.innerColor || '#f8fafc',
      }}
    />
  );
}

/**
 * The markers in the current view as a list that keyboards and screen readers can use, synced
 * with the map both ways: moving the map lists what is in view; focusing a row highlights its
 * marker and pans it to the centre, Enter opens its popup, Space marks it found. Virtualized, so
 * that a view of thousands of markers stays light. The auto route is planned from here.
 */
export default function MarkerListPanel({
  store,
  controller,
  views,
  visibility,
  completion,
  open,
  focus,
  canComplete,
  onComplete,
  onClose,
  announce,
  ownPins,
  onShareRoute,
}: Props) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const view = useMapView(views);
  /** The view the list shows: the map's once it has settled, and not a pan to a focused row. */
  const [listed, setListed] = useState(view);
  const [pinsInView, setPinsInView] = useState<{ id: string; name: string }[]>([]);
  const [active, setActive] = useState(-1);
  const pendingFocus = useRef(-1);
  const [scope, setScope] = useState<RouteScope>('view');
  const route = useAutoRoute({ store, controller, views, visibility, completion, announce });

  // Opening the list lists what is in view at once.
  useEffect(() => {
    if (open) setListed(views.get());
  }, [open, views]);

  // Moving the map lists what is in view once the map has settled; a row's focus pans the map to
  // its marker, which does not reorder the list under the keyboard.
  useEffect(() => {
    if (!open || !view || view.centredOnMarker) return;
    const timer = window.setTimeout(() => setListed(view), 150);
    return () => window.clearTimeout(timer);
  }, [open, view]);

  // The player's pins in the view listed (drawn by the map on the floor shown).
  useEffect(() => {
    const bounds = listed?.bounds;
    setPinsInView(ownPins && bounds ? (controller.current?.pinsInView(bounds, 50) ?? []) : []);
  }, [ownPins, listed, controller]);

  const items = useMemo(() => {
    if (!listed || !open) return [];
    const shown = visibility.flags;
    const out: number[] = [];
    for (let i = 0; i < store.size; i++) {
      if (shown[i] !== Shown.Yes) continue;
      if (inBounds(listed.bounds, -store.y[i], store.x[i])) out.push(i);
    }
    return listOrder(out, store.def, (i) => store.names[i] || store.definitionOf(i).name, collator);
  }, [store, open, listed, visibility]);

  const position = useMemo(() => new Map(items.map((i, k) => [i, k])), [items]);
  const activePos = position.get(active) ?? -1;

  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    getItemKey: (k) => items[k],
  });

  // The list asked for (button or shortcut): focus moves into it.
  useEffect(() => {
    if (open && focus > 0) scrollRef.current?.focus();
  }, [focus, open]);

  // A row chosen by the keyboard gets focus once it is rendered (the list may scroll to it first).
  useEffect(() => {
    if (pendingFocus.current < 0) return;
    const row = scrollRef.current?.querySelector<HTMLElement>(`[data-index="${pendingFocus.current}"]`);
    if (row) {
      pendingFocus.current = -1;
      row.focus();
    }
  });

  const moveTo = (pos: number) => {
    if (items.length === 0) return;
    const k = Math.max(0, Math.min(items.length - 1, pos));
    setActive(items[k]);
    pendingFocus.current = k;
    virtualizer.scrollToIndex(k, { align: 'auto' });
  };

  const nameOf = (i: number) => store.names[i] || store.definitionOf(i).name;

  const onRowFocus = (i: number) => {
    setActive(i);
    controller.current?.centreMarker(store.ids[i]);
  };

  const toggleFound = (i: number) => {
    if (!canComplete) {
      announce(listMessages.loginToTrack);
      return;
    }
    if (!store.definitionOf(i).completable) {
      announce(listMessages.notCompletable(nameOf(i)));
      return;
    }
    onComplete(store.ids[i], nameOf(i), store.completed[i] !== 1);
  };

  const close = () => {
    onClose();
    controller.current?.focusMap();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const onRow = e.target !== e.currentTarget && activePos >= 0;
    const page = Math.max(
      1,
      Math.floor((scrollRef.current?.clientHeight ?? ROW_HEIGHT * 5) / ROW_HEIGHT) - 1,
    );
    const from = onRow ? activePos : -1;
    let handled = true;
    switch (e.key) {
      case 'ArrowDown':
        moveTo(from + 1);
        break;
      case 'ArrowUp':
        moveTo(from <= 0 ? 0 : from - 1);
        break;
      case 'Home':
        moveTo(0);
        break;
      case 'End':
        moveTo(items.length - 1);
        break;
      case 'PageDown':
        moveTo(from + page);
        break;
      case 'PageUp':
        moveTo(from - page);
        break;
      case 'Enter':
        if (onRow) controller.current?.openMarker(store.ids[active]);
        else handled = false;
        break;
      case ' ':
        if (onRow) toggleFound(active);
        else handled = false;
        break;
      case 'Escape':
        close();
        break;
      default:
        handled = false;
    }
    if (handled) {
      e.preventDefault();
      e.stopPropagation();
    }
  };

  const foundState = (i: number) =>
    canComplete && store.definitionOf(i).completable
      ? store.completed[i]
        ? listMessages.found
        : listMessages.notFound
      : '';

  const summary = route.computing
    ? listMessages.routeComputing
    : route.result
      ? route.result.stops === 0
        ? listMessages.routeNothingLeft
        : listMessages.routeSummary(route.result.stops, route.result.length)
      : '';

  return (
    <section
      id="wp-marker-list"
      className={classes.panel}
      aria-label={listMessages.listTitle}
      hidden={!open}
      data-testid="marker-list"
    >
      <div className={classes.header}>
        <h2 className={classes.title}>
          {listMessages.listTitle}
          <span className={classes.count} data-testid="marker-list-count">
            {listMessages.listCount(items.length)}
          </span>
        </h2>
        <IconButton label={listMessages.closeList} onClick={close}>
          <IconX size={18} />
        </IconButton>
      </div>
      <div className={classes.route}>
        <div className={classes.routeOptions}>
          <label className={classes.field}>
            <span>{listMessages.routeScope}</span>
            <select value={scope} onChange={(e) => setScope(e.currentTarget.value as RouteScope)}>
              <option value="view">{listMessages.routeInView}</option>
              <option value="map">{listMessages.routeWholeMap}</option>
            </select>
          </label>
          <label className={classes.field}>
            <span>{listMessages.routeStart}</span>
            <select
              value={route.picking || route.picked ? 'pick' : 'centre'}
              onChange={(e) => route.pickStart(e.currentTarget.value === 'pick')}
            >
              <option value="centre">{listMessages.routeStartCentre}</option>
              <option value="pick">
                {route.picked ? listMessages.routeStartPicked : listMessages.routeStartPick}
              </option>
            </select>
          </label>
        </div>
        {route.picking ? <p className={classes.hint}>{listMessages.routePickHint}</p> : null}
        <div className={classes.routeActions}>
          <Button
            className={classes.primary}
            icon={<IconRoute size={15} />}
            onClick={() => route.run(scope)}
            data-testid="route-button"
          >
            {listMessages.route}
          </Button>
          {route.active ? <Button onClick={route.clear}>{listMessages.routeClear}</Button> : null}
          {onShareRoute && route.result && route.result.stops > 0 && !route.computing ? (
            <Button icon={<IconShare size={15} />} onClick={() => onShareRoute(route.result!.points)}>
              {pinsMessages.shareRoute}
            </Button>
          ) : null}
        </div>
        {summary ? (
          <p className={classes.summary} data-testid="route-summary" data-stops={route.result?.stops}>
            {summary}
            {route.result && route.result.left > route.result.stops ? (
              <span className={classes.hint}>
                {' '}
                {listMessages.routeCapped(route.result.stops, route.result.left)}
              </span>
            ) : null}
          </p>
        ) : null}
      </div>
      {items.length === 0 ? <p className={classes.empty}>{listMessages.listEmpty}</p> : null}
      <div
        ref={scrollRef}
        className={classes.scroll}
        role="listbox"
        aria-label={listMessages.listLabel}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        data-testid="marker-listbox"
      >
        <div role="presentation" className={classes.inner} style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((row) => {
            const i = items[row.index];
            const state = foundState(i);
            const name = nameOf(i);
            const kind = store.definitionOf(i).name;
            const tabbable = activePos >= 0 ? i === active : row.index === 0;
            return (
              <div
                key={row.key}
                role="option"
                id={`wp-marker-row-${i}`}
                data-index={row.index}
                data-marker-id={store.ids[i]}
                data-found={store.completed[i] === 1 || undefined}
                data-testid="marker-row"
                className={classes.row}
                style={{ transform: `translateY(${row.start}px)`, height: ROW_HEIGHT }}
                tabIndex={tabbable ? 0 : -1}
                aria-selected={i === active}
                aria-posinset={row.index + 1}
                aria-setsize={items.length}
                onFocus={() => onRowFocus(i)}
                onDoubleClick={() => controller.current?.openMarker(store.ids[i])}
              >
                <RowIcon store={store} i={i} />
                <span className={classes.text}>
                  <span className={classes.name}>{name}</span>
                  {name !== kind ? (
                    <span className={classes.kind}>
                      <span className={classes.srOnly}>, </span>
                      {kind}
                    </span>
                  ) : null}
                </span>
                {state === listMessages.found ? (
                  <span className={classes.found}>
                    <span className={classes.srOnly}>, </span>
                    <IconCheck size={14} aria-hidden="true" />
                    {listMessages.found}
                  </span>
                ) : state ? (
                  <span className={classes.srOnly}>, {state}</span>
                ) : null}
              </div>
            );
          })}
        </div>
      </div>
      {pinsInView.length > 0 ? (
        <section className={classes.pins} aria-label={pinsMessages.layer} data-testid="marker-list-pins">
          <h3 className={classes.pinsTitle}>{pinsMessages.layer}</h3>
          <ul>
            {pinsInView.map((p) => (
              <li key={p.id}>
                <button type="button" lang={contentLang} onClick={() => controller.current?.openPin(p.id)}>
                  {p.name}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
}
