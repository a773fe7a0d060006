import { useQuery } from '@tanstack/react-query';
import type { MapMarkerDefinition } from '@waypoint/shared/map/marker-data';
import { isDrawing } from '@waypoint/shared/map/tools';
import type { TPlacedMarker } from '@waypoint/shared/models/types';
import { lazy, type RefObject, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { api, HttpError } from '../../api/client.ts';
import type { Session } from '../../api/session.ts';
import { toast } from '../../components/toast.ts';
import { communityMessages } from '../../i18n/messages/community-messages.ts';
import { messages } from '../../i18n/messages/messages.ts';
import { useGameItems, useUpdateMarker } from './edit-queries.ts';
import type { MapController } from './MapView.tsx';
import { mapKeys, type QuestWithMarkers } from './queries.ts';
import { appliedNow } from './suggestions/queries.ts';
import type { MapTools } from './useMapTools.ts';

const fallbackColor = '#2563eb';

// The edit form (and the registry schema it checks with) loads when a marker is first edited: the
// map route's first load stays small.
const DrawPanel = lazy(() => import('./panels/DrawPanel.tsx').then((m) => ({ default: m.DrawPanel })));
const EditMarkerPanel = lazy(() =>
  import('./panels/EditMarkerPanel.tsx').then((m) => ({ default: m.EditMarkerPanel })),
);

/** A marker this player may not edit (another contributor's suggestion): the message says why. */
class NotEditable extends Error {}

/**
 * The marker the edit panel starts from: the placed marker, or for a marker drawn from a suggestion
 * (its id is the suggestion's) the suggested element over the marker it changes.
 */
async function editableMarker(id: string): Promise<TPlacedMarker> {
  const path = (value: string) => encodeURIComponent(value);
  try {
    return await api.get<TPlacedMarker>(`/placedmarker/${path(id)}`);
  } catch (error) {
    if (!(error instanceof HttpError) || error.status !== 404) throw error;
  }
  // Another contributor's suggestion shows on the map, but only its author (or an admin) reads it
  // whole and may change it.
  const suggestion = await api
    .get<{ action: string; targetId: string; data: string }>(`/suggestion/${path(id)}`)
    .catch((error: unknown) => {
      throw error instanceof HttpError && error.status === 404
        ? new NotEditable(communityMessages.notYourSuggestion)
        : error;
    });
  const element = JSON.parse(suggestion.data || '{}') as Partial<TPlacedMarker>;
  const base =
    suggestion.action === 'ADD'
      ? {}
      : await api.get<TPlacedMarker>(`/placedmarker/${path(suggestion.targetId)}`).catch(() => ({}));
  return { ...base, ...element, _id: id } as TPlacedMarker;
}

interface Options {
  mapId: string;
  gameId: string;
  session: Session | null;
  definitions: readonly MapMarkerDefinition[];
  quests: readonly QuestWithMarkers[] | undefined;
  controller: RefObject<MapController | null>;
  /** `?suggestMode=true`: the map opens in suggest mode. */
  suggestModeOnLoad: boolean;
  /** `?onlySuggestions=true` (the review page's Open Parent): admins see only the suggested markers. */
  onlySuggestionsOnLoad?: boolean;
  /** The map's one tool state (suggest mode's): placing, moving and its effects are handled there. */
  tools: MapTools;
}

/**
 * The editing panels of the map page on its one tool state (suggest mode's `useMapTools`): the
 * polygon or route being drawn ('Polygon Actions' / 'Route Actions') and the 'Editing marker' panel.
 * Answers the shape being drawn and the panel to lay over the map.
 */
export function useEditTools({
  mapId,
  gameId,
  session,
  definitions,
  quests,
  controller,
  suggestModeOnLoad,
  onlySuggestionsOnLoad = false,
  tools,
}: Options) {
  const updateMarker = useUpdateMarker(mapId);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const { state, send, startEditing } = tools;

  useEffect(() => {
    if (suggestModeOnLoad && session) send({ type: 'setSuggestMode', on: true });
    if (suggestModeOnLoad && onlySuggestionsOnLoad && session?.admin) {
      send({ type: 'setShowOnlySuggestions', on: true });
    }
  }, [suggestModeOnLoad, onlySuggestionsOnLoad, session, send]);

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

  // Editing opened from a popup (no edit tool chosen) returns to no tool once done.
  const fromPopup = useRef(false);

  /** Opens a marker in 'Editing marker' and closes its popup. */
  const edit = useCallback(
    (markerId: string) => {
      fromPopup.current = state.tool !== 'EDIT';
      startEditing(markerId);
      controller.current?.closePopup();
    },
    [state.tool, startEditing, controller],
  );

  const editingId = state.editingMarkerId;
  const editing = useQuery({
    queryKey: [...mapKeys.marker(editingId ?? ''), 'editable'],
    queryFn: () => editableMarker(editingId ?? ''),
    enabled: Boolean(editingId),
    staleTime: 60_000,
    // A refusal stays one: only a failed connection is worth asking again.
    retry: (count, error) => !(error instanceof HttpError || error instanceof NotEditable) && count < 2,
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
          toast.success(appliedNow(answer) ? messages.editSuccess : messages.suggestionAdded);
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
          saving={false}
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
          loadError={editing.error ? editing.error.message || messages.editError : undefined}
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
    edit,
  };
}
