import { useQuery } from '@tanstack/react-query';
import type { MapMarkerDefinition } from '@waypoint/shared/map/marker-data';
import { pathMarkerBody } from '@waypoint/shared/map/paths';
import { isDrawing, type LatLng, type ToolEvent } from '@waypoint/shared/map/tools';
import { messages } from '@waypoint/shared/messages';
import type { TPlacedMarker } from '@waypoint/shared/models/types';
import { lazy, type RefObject, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { api, HttpError } from '../../api/client.ts';
import type { Session } from '../../api/session.ts';
import { toast } from '../../components/toast.ts';
import { useCreateMarker, useGameItems, useUpdateMarker } from './edit-queries.ts';
import type { MarkerStore } from './layers/marker-store.ts';
import type { MapController } from './MapView.tsx';
import { mapKeys, type QuestWithMarkers } from './queries.ts';
import { useMapTools } from './useMapTools.ts';

const fallbackColor = '#2563eb';

// The edit form (and the registry schema it checks with) loads when a marker is first edited: the
// map route's first load stays small.
const DrawPanel = lazy(() => import('./panels/DrawPanel.tsx').then((m) => ({ default: m.DrawPanel })));
const EditMarkerPanel = lazy(() =>
  import('./panels/EditMarkerPanel.tsx').then((m) => ({ default: m.EditMarkerPanel })),
);

interface Options {
  mapId: string;
  gameId: string;
  session: Session | null;
  store: MarkerStore | undefined;
  definitions: readonly MapMarkerDefinition[];
  quests: readonly QuestWithMarkers[] | undefined;
  controller: RefObject<MapController | null>;
  /** `?suggestMode=true`: the map opens in suggest mode. */
  suggestModeOnLoad: boolean;
}

/**
 * The editing tools of the map page on the shared tool state (`useMapTools`): placing markers and
 * drawing polygons and routes ('Polygon Actions' / 'Route Actions'), and the 'Editing marker'
 * panel. Answers what the map needs (clicks, the shape being drawn, the panel to lay over it).
 */
export function useEditTools({
  mapId,
  gameId,
  session,
  store,
  definitions,
  quests,
  controller,
  suggestModeOnLoad,
}: Options) {
  const createMarker = useCreateMarker(mapId);
  const updateMarker = useUpdateMarker(mapId);
  const sendRef = useRef<(event: ToolEvent) => void>(() => {});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  const created = (answer: { isSuggestion: boolean }) =>
    toast.success(answer.isSuggestion ? messages.suggestionAdded : messages.editSuccess);

  const { state, send, startEditing, startPlacing } = useMapTools((effect, current) => {
    const suggestMode = current.suggestMode;
    switch (effect.type) {
      case 'error':
        toast.error(effect.message);
        break;
      case 'placeMarker': {
        const [lat, lng] = effect.at;
        createMarker.mutate(
          { body: { markerDefinitionId: effect.definitionId, lat, lng }, suggestMode },
          { onSuccess: created, onError: () => toast.error(messages.suggestionAddError) },
        );
        break;
      }
      case 'savePath': {
        const { definitionId, kind, points } = effect;
        createMarker.mutate(
          { body: pathMarkerBody(definitionId, kind, points), suggestMode },
          {
            onSuccess: created,
            onError: () => {
              toast.error(messages.suggestionAddError);
              sendRef.current({ type: 'pathSaveFailed', definitionId, points });
            },
          },
        );
        break;
      }
      case 'highlight': {
        const id = effect.markerId;
        requestAnimationFrame(() => controller.current?.flyToMarker(id));
        break;
      }
    }
  });
  sendRef.current = send;

  useEffect(() => {
    if (suggestModeOnLoad && session) send({ type: 'setSuggestMode', on: true });
  }, [suggestModeOnLoad, session, send]);

  const canEdit = Boolean(session && (session.admin || state.suggestMode));
  const drawing = isDrawing(state);
  const placingDefinition = state.placing
    ? definitions.find((d) => d._id === state.placing?.definitionId)
    : undefined;

  const shape = useMemo(
    () =>
      drawing && state.placing && state.placing.kind !== 'POINT'
        ? {
            kind: state.placing.kind,
            points: state.points,
            color: placingDefinition?.polygonColor || fallbackColor,
          }
        : undefined,
    [drawing, state.placing, state.points, placingDefinition],
  );

  const onMapClick = useCallback((at: LatLng) => send({ type: 'mapClick', at }), [send]);

  /** With the place or edit tool, a click on a marker belongs to the tool instead of its popup. */
  const onMarkerSelect = useCallback(
    (index: number, at: LatLng) => {
      if (!store) return false;
      if (state.tool === 'PLACE' || state.tool === 'PLACE_OBJECTIVE') {
        send({ type: 'mapClick', at });
        return true;
      }
      if (state.tool === 'EDIT') {
        send({ type: 'editMarker', markerId: store.ids[index] });
        return true;
      }
      return false;
    },
    [store, state.tool, send],
  );

  // Editing opened from a popup (no edit tool chosen) returns to no tool once done.
  const fromPopup = useRef(false);

  /** Opens a marker in 'Editing marker' and closes its popup. */
  const edit = useCallback(
    (markerId: string) => {
      fromPopup.current = state.tool !== 'EDIT';
      startEditing(markerId);
      controller.current?.leaflet()?.closePopup();
    },
    [state.tool, startEditing, controller],
  );

  const editingId = state.editingMarkerId;
  const editing = useQuery({
    queryKey: mapKeys.marker(editingId ?? ''),
    queryFn: () => api.get<TPlacedMarker>(`/placedmarker/${encodeURIComponent(editingId ?? '')}`),
    enabled: Boolean(editingId),
    staleTime: 60_000,
  });
  const items = useGameItems(gameId, Boolean(editingId));
  const questOptions = useMemo(
    () =>
      (quests ?? []).map((q) => ({
        _id: q.quest._id,
        name: q.quest.name,
        objectives: q.quest.objectives ?? [],
      })),
    [quests],
  );

  const closeEdit = () => {
    setServerErrors({});
    send({ type: 'chooseTool', tool: 'NONE' });
  };

  const saveEdit = (patch: Record<string, unknown>, imageUrls: string[]) => {
    if (!editingId) return;
    const id = editingId;
    // Up to five images, fetched into the marker's image fields when the change is applied.
    const body = imageUrls.length ? { ...patch, imageUrls } : patch;
    updateMarker.mutate(
      { id, body, suggestMode: state.suggestMode },
      {
        onSuccess: (answer) => {
          setServerErrors({});
          toast.success(answer.isSuggestion ? messages.suggestionAdded : messages.editSuccess);
          send({ type: 'markerUpdated', markerId: id });
          if (fromPopup.current) send({ type: 'chooseTool', tool: 'NONE' });
        },
        onError: (error) => {
          toast.error(messages.editError);
          const fields = error instanceof HttpError ? error.fieldErrors() : {};
          if (Object.keys(fields).length === 0) fields.form = error.message || messages.editError;
          setServerErrors(fields);
        },
      },
    );
  };

  let overlay: React.ReactNode = null;
  if (shape) {
    overlay = (
      <Suspense fallback={null}>
        <DrawPanel
          kind={shape.kind}
          definitionName={placingDefinition?.name ?? ''}
          pointCount={state.points.length}
          saving={createMarker.isPending}
          onRemoveLast={() => send({ type: 'removeLastPoint' })}
          onSave={() => send({ type: 'saveDrawing' })}
          onCancel={() => send({ type: 'cancelDrawing' })}
        />
      </Suspense>
    );
  } else if (editingId) {
    overlay = (
      <Suspense fallback={null}>
        <EditMarkerPanel
          marker={editing.data}
          definitions={definitions}
          quests={questOptions}
          items={items.data ?? []}
          saving={updateMarker.isPending}
          serverErrors={serverErrors}
          onSave={saveEdit}
          onCancel={closeEdit}
        />
      </Suspense>
    );
  }

  return {
    state,
    send,
    canEdit,
    shape,
    overlay,
    onMapClick,
    onMarkerSelect,
    place: startPlacing,
    edit,
  };
}
