import { IconMapPinPlus, IconPin, IconPinnedOff, IconShare } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { latLngToPixel, mapPictureSize } from '@waypoint/shared/map/pixels';
import type { TMap } from '@waypoint/shared/models/types';
import { defaultPinColour } from '@waypoint/shared/pins/limits';
import type { TPin } from '@waypoint/shared/pins/schemas';
import type { TShareRoute } from '@waypoint/shared/pins/shares';
import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { api } from '../../../api/client.ts';
import type { Session } from '../../../api/session.ts';
import { toast } from '../../../components/toast.ts';
import { pinsMessages } from '../../../i18n/messages/pins-messages.ts';
import { newStamp } from '../../offline/completion-queue.ts';
import type { Floors } from '../floors/useFloors.ts';
import type { MapController, MapPinsInput } from '../map-input.ts';
import type { MapViewStore } from '../view-store.ts';
import { GeoJsonTools } from './GeoJsonTools.tsx';
import { type PinDraft, PinEditor } from './PinEditor.tsx';
import { PinPopup } from './PinPopup.tsx';
import { pinKeys } from './pin-keys.ts';
import type { PinWrite } from './pin-queue.ts';
import classes from './pins.module.css';
import { useMapPins, useSavePinWrite } from './queries.ts';
import { isSharedPinId, useSharedPins } from './useSharedPins.tsx';

// The share dialog loads when a player first opens it.
const ShareDialog = lazy(() => import('./ShareDialog.tsx'));

const noPins: TPin[] = [];

interface Options {
  map: TMap;
  session: Session | null;
  floors: Floors;
  controller: React.RefObject<MapController | null>;
  /** The map's view (where "Add pin at centre" puts one). */
  views: MapViewStore;
  announce: (text: string) => void;
  /** The map's marker types (a pin can be suggested as one). */
  definitions: readonly { _id: string; name: string }[] | undefined;
  /** The page's address: `?pinShare=` shows a read-only link's pins over the map. */
  search: URLSearchParams;
}

/**
 * The player's own pins and marker notes on the map page: the "My pins" layer (shown or hidden),
 * placing a pin (the map's context menu, or the button that places one at the map's centre),
 * changing and deleting it from its popup, and the notes on placed markers. Guests have none.
 */
export function usePins({ map, session, floors, controller, views, announce, definitions, search }: Options) {
  const client = useQueryClient();
  const query = useMapPins(session, map._id);
  const save = useSavePinWrite(session, map._id).mutateAsync;
  const [shown, setShown] = useState(true);
  const [draft, setDraft] = useState<PinDraft>();
  /** The share dialog, open for pins alone or for a route (with pins to add). */
  const [sharing, setSharing] = useState<{ route?: TShareRoute } | null>(null);
  const shared = useSharedPins(map._id, search.get('pinShare'), controller);
  const pins = session ? (query.data?.pins ?? noPins) : noPins;
  const maxZoom = map.maxZoom ?? 0;
  const level = useRef(floors.current);
  level.current = floors.current;

  // The player's pins (unless hidden) and a link's shared pins are one layer.
  const layer = useMemo(() => {
    if (!session && shared.pins.length === 0 && !shared.route) return undefined;
    const drawn = shown ? (shared.pins.length ? [...pins, ...shared.pins] : pins) : shared.pins;
    return {
      pins: drawn,
      shown: true,
      level: floors.current,
      knownLevels: floors.known,
      maxZoom,
      route: shared.route,
    };
  }, [session, pins, shared.pins, shared.route, shown, floors.current, floors.known, maxZoom]);
  const addAt = useCallback(
    (lat: number, lng: number) => {
      const { width, height } = mapPictureSize(map);
      const at = latLngToPixel(lat, lng, maxZoom);
      const x = Math.round(Math.min(width, Math.max(0, at.x)));
      const y = Math.round(Math.min(height, Math.max(0, at.y)));
      const fields = { name: '', note: '', colour: defaultPinColour, level: level.current ?? -1, x, y };
      setDraft({ fields });
    },
    [map, maxZoom],
  );
  /** Opens the share dialog for the auto route's line (map coordinates to picture pixels). */
  const shareRoute = useCallback(
    (points: readonly { lat: number; lng: number }[]) => {
      const { width, height } = mapPictureSize(map);
      const round = (v: number, max: number) => Math.round(Math.min(max, Math.max(0, v)) * 10) / 10;
      const pixels = points.map((p): [number, number] => {
        const at = latLngToPixel(p.lat, p.lng, maxZoom);
        return [round(at.x, width), round(at.y, height)];
      });
      setSharing({ route: { points: pixels, level: level.current ?? -1 } });
    },
    [map, maxZoom],
  );
  const input: MapPinsInput = useMemo(
    () => ({ layer, onAdd: session ? addAt : undefined }),
    [layer, addAt, session],
  );

  const write = (w: PinWrite, done: string) =>
    save(w).then(
      (outcome) => {
        const text = outcome === 'queued' ? pinsMessages.queuedOffline : done;
        toast.success(text);
        announce(text);
      },
      (error: unknown) => toast.error(error instanceof Error ? error.message : String(error)),
    );

  const onSave = (d: PinDraft) => {
    if (d.id) void write({ kind: 'change', pinId: d.id, change: d.fields }, pinsMessages.pinSaved);
    else
      void write(
        { kind: 'create', pin: { ...d.fields, id: `pin_${newStamp().replace(/[^\w-]/g, '')}` } },
        pinsMessages.pinSaved,
      );
  };

  const controls = (
    <>
      {session ? (
        <div className={classes.controls} data-testid="pin-controls" data-map-control>
          <button
            type="button"
            className={classes.control}
            aria-pressed={shown}
            title={pinsMessages.layer}
            onClick={() => setShown(!shown)}
          >
            {shown ? <IconPin size={16} aria-hidden /> : <IconPinnedOff size={16} aria-hidden />}
            <span>{pinsMessages.layer}</span>
          </button>
          <button
            type="button"
            className={classes.control}
            aria-label={pinsMessages.addPinAtCentre}
            title={pinsMessages.addPinAtCentre}
            onClick={() => {
              const c = views.get()?.centre;
              if (c) addAt(c.lat, c.lng);
            }}
          >
            <IconMapPinPlus size={16} aria-hidden />
          </button>
          <GeoJsonTools
            mapId={map._id}
            onImported={() => void client.invalidateQueries({ queryKey: pinKeys.map(session.id, map._id) })}
          />
          <button
            type="button"
            className={classes.control}
            aria-label={pinsMessages.sharePins}
            title={pinsMessages.sharePins}
            disabled={pins.length === 0}
            onClick={() => setSharing({})}
          >
            <IconShare size={16} aria-hidden />
          </button>
          {draft ? <PinEditor draft={draft} onSave={onSave} onClose={() => setDraft(undefined)} /> : null}
          {sharing ? (
            <Suspense fallback={null}>
              <ShareDialog
                gameId={map.gameId}
                mapId={map._id}
                userId={session.id}
                pins={pins}
                route={sharing.route}
                onClose={() => setSharing(null)}
              />
            </Suspense>
          ) : null}
        </div>
      ) : null}
      {shared.banner}
    </>
  );

  // The popup places itself again when its content changes size (map-controller.ts).
  const renderPopup = (pinId: string) => {
    if (isSharedPinId(pinId)) return shared.renderPopup(pinId);
    const pin = pins.find((p) => p.id === pinId);
    if (!pin) return null;
    const { id, mapId: _m, createdAt: _c, updatedAt: _u, ...fields } = pin;
    return (
      <PinPopup
        pin={pin}
        onEdit={() => setDraft({ id, fields })}
        onDelete={() => {
          controller.current?.closePopup();
          void write({ kind: 'delete', pinId: id }, pinsMessages.pinDeleted);
        }}
        definitions={definitions ?? []}
        onSuggest={(markerDefinitionId) =>
          api
            .post(`/user/pins/${encodeURIComponent(map._id)}/${encodeURIComponent(id)}/suggest`, {
              markerDefinitionId,
            })
            .then(
              () => {
                toast.success(pinsMessages.suggestionSent);
                announce(pinsMessages.suggestionSent);
              },
              (error: unknown) => toast.error(error instanceof Error ? error.message : String(error)),
            )
        }
      />
    );
  };

  const notes = useMemo(
    () => new Map((session ? (query.data?.notes ?? []) : []).map((n) => [n.markerId, n.note])),
    [session, query.data?.notes],
  );
  const saveNote = session
    ? (markerId: string, note: string) => void write({ kind: 'note', markerId, note }, pinsMessages.noteSaved)
    : undefined;

  /** Opens a pin (a search pick): its layer shown, on its floor. */
  const show = (pinId: string) => {
    const pin = pins.find((p) => p.id === pinId);
    if (!pin) return;
    setShown(true);
    if (pin.level !== -1 && floors.current !== undefined && pin.level !== floors.current)
      floors.setLevel(pin.level);
    // Drawn once the page has passed its new state to the map.
    let tries = 0;
    const open = () => {
      if (!controller.current?.openPin(pinId) && ++tries < 20) setTimeout(open, 50);
    };
    setTimeout(open, 0);
  };

  return {
    input,
    controls,
    renderPopup,
    notes,
    saveNote,
    pins,
    show,
    shareRoute: session ? shareRoute : undefined,
  };
}

export type Pins = ReturnType<typeof usePins>;
