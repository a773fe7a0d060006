import { useQueryClient } from '@tanstack/react-query';
import { constants } from '@waypoint/shared/constants';
import type { MapMarkerData, MapMarkerDefinition } from '@waypoint/shared/map/marker-data';
import type { MarkerSuggestion } from '@waypoint/shared/map/suggested-markers';
import { Tint } from '@waypoint/shared/map/tints';
import type { LatLng, PlaceKind, ToolEffect, ToolEvent } from '@waypoint/shared/map/tools';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { HttpError } from '../../api/client.ts';
import type { Session } from '../../api/session.ts';
import { toast } from '../../components/toast.ts';
import { mapMessages } from '../../i18n/messages/map-messages.ts';
import { messages } from '../../i18n/messages/messages.ts';
import type { ExtraMarker } from './layers/marker-canvas-layer.ts';
import type { MarkerStore } from './layers/marker-store.ts';
import type { MapPointerTools } from './MapView.tsx';
import { mapKeys } from './queries.ts';
import { useHideOthersSuggestions } from './state.ts';
import { loadedSuggestModule, loadSuggestModule, type SuggestModule } from './suggestions/load.ts';
import {
  appliedNow,
  type MarkerAnswer,
  mapSuggestionsQuery,
  markerCalls,
  suggestionKeys,
  useMapSuggestions,
} from './suggestions/queries.ts';
import { useMapTools } from './useMapTools.ts';

interface Options {
  mapId: string;
  session: Session | null;
  markerData: MapMarkerData | undefined;
  /** A large map's chunks are all loaded (suggestions are merged into complete columns only). */
  chunksComplete?: boolean;
  /** Entering Move: the quests panel shows completed and future quests (§4). */
  onEnterMove: () => void;
  /** A marker was changed: the map shows it highlighted. */
  onHighlight: (markerId: string) => void;
  /** The floor shown: new markers go on it (undefined on a map without floors). */
  level?: number;
}

const placeKind = (d: Pick<MapMarkerDefinition, 'markerDefinitionType'>): PlaceKind =>
  d.markerDefinitionType === 'POLYGON' ? 'POLYGON' : d.markerDefinitionType === 'ROUTE' ? 'ROUTE' : 'POINT';

const errorText = (error: unknown, fallback: string) =>
  error instanceof HttpError && error.body?.message ? error.body.message : fallback;

let pendingCount = 0;
const noExtras: ExtraMarker[] = [];

/**
 * Suggest mode on the map (§4): the tool state (through `useMapTools`), the map's open suggestions
 * (everyone's: contributors review each other's) merged into the drawn markers, and the marker calls of each tool. Placed markers are drawn at once
 * (tinted as a new suggestion) and confirmed by the server's answer; every change reads the
 * suggestions (and, for changes applied at once, the markers) again.
 */
export function useSuggestMode({
  mapId,
  session,
  markerData,
  chunksComplete,
  onEnterMove,
  onHighlight,
  level,
}: Options) {
  const client = useQueryClient();
  const admin = Boolean(session?.admin);
  const [pending, setPending] = useState<MarkerSuggestion[]>([]);
  const [authorFilter, setAuthorFilter] = useState<string | null>(null);
  const suggestionsKey = suggestionKeys.map(mapId, session?.id ?? '');

  const refetchSuggestions = useCallback(
    () => client.invalidateQueries({ queryKey: suggestionsKey }),
    [client, suggestionsKey],
  );
  const refetchMarkers = useCallback(
    () => client.invalidateQueries({ queryKey: mapKeys.markerData(mapId) }),
    [client, mapId],
  );
  const afterAnswer = useCallback(
    (answer: MarkerAnswer) =>
      Promise.all([refetchSuggestions(), appliedNow(answer) ? refetchMarkers() : undefined]),
    [refetchSuggestions, refetchMarkers],
  );

  const suggestModeRef = useRef(false);

  /** Posts a new marker; it is drawn at once and stays until the answer's data is read. */
  const place = useCallback(
    async (fields: Record<string, unknown>, onDone?: () => void) => {
      // A new marker goes on the floor shown; moving one later keeps its floor.
      const body = level === undefined ? fields : { ...fields, level };
      pendingCount += 1;
      const optimistic: MarkerSuggestion = {
        _id: `pending_${pendingCount}`,
        action: 'ADD',
        status: 'SAVED',
        username: session?.username ?? '',
        data: body,
      };
      setPending((list) => [...list, optimistic]);
      const drop = () => setPending((list) => list.filter((s) => s !== optimistic));
      try {
        const answer = await markerCalls.place(mapId, suggestModeRef.current, body);
        toast.success(appliedNow(answer) ? mapMessages.markerAdded : messages.suggestionAdded);
        await afterAnswer(answer);
        drop();
        onDone?.();
      } catch (error) {
        drop();
        toast.error(errorText(error, messages.suggestionAddError));
      }
    },
    [mapId, session, afterAnswer, level],
  );

  const definitions = markerData?.definitions;
  const sendRef = useRef<(event: ToolEvent) => void>(undefined);
  const onEffect = useCallback(
    (effect: ToolEffect) => {
      const at = (p: LatLng) => ({ lat: p[0], lng: p[1] });
      switch (effect.type) {
        case 'placeMarker':
          void place({ markerDefinitionId: effect.definitionId, name: '', ...at(effect.at) });
          break;
        case 'placeObjective':
          void place(
            {
              markerDefinitionId: constants.questObjectiveDefinitionId,
              name: effect.objective,
              questId: effect.questId,
              questObjective: effect.objective,
              ...at(effect.at),
            },
            () => sendRef.current?.({ type: 'objectivePlaced' }),
          );
          break;
        case 'savePath':
          void place({
            markerDefinitionId: effect.definitionId,
            name: '',
            ...at(effect.points[0]),
            polygonPoints: effect.points.map((p) => [p[0], p[1]]),
          });
          break;
        case 'startDragging':
          onEnterMove();
          break;
        case 'highlight':
          onHighlight(effect.markerId);
          break;
        case 'error':
          toast.error(effect.message);
          break;
        // redrawAll: the flags are part of what the map is drawn from; stopDragging: the move tool is
        // what makes markers draggable.
      }
    },
    [place, onEnterMove, onHighlight],
  );
  const tools = useMapTools(onEffect);
  sendRef.current = tools.send;
  const { state } = tools;
  suggestModeRef.current = state.suggestMode;

  const suggestions = useMapSuggestions(mapId, session, state.suggestMode);
  const open = useMemo(
    () => (state.suggestMode && session ? (suggestions.data ?? []) : []),
    [state.suggestMode, session, suggestions.data],
  );

  // The suggest-mode code loads when suggest mode is first wanted.
  const [module, setModule] = useState<SuggestModule | undefined>(loadedSuggestModule);
  const loadModule = useCallback(() => {
    if (!module) void loadSuggestModule().then(setModule);
  }, [module]);
  useEffect(() => {
    if (state.suggestMode) loadModule();
  }, [state.suggestMode, loadModule]);
  const [othersHidden, setOthersHidden] = useHideOthersSuggestions();
  const drawn = useMemo(() => {
    const shown = othersHidden && session ? open.filter((s) => s.userId === session.id) : open;
    return authorFilter ? shown.filter((s) => s.username === authorFilter) : shown;
  }, [open, authorFilter, othersHidden, session]);

  const data = useMemo(() => {
    if (!markerData) return undefined;
    if (!state.suggestMode || !module || (markerData.chunks && !chunksComplete)) return markerData;
    return module.mergeSuggestions(markerData, drawn);
  }, [markerData, state.suggestMode, drawn, module, chunksComplete]);

  // Placed markers are drawn over the map at once, without building the map's markers again.
  const extras = useMemo((): ExtraMarker[] => {
    if (!markerData || pending.length === 0) return noExtras;
    const index = new Map(markerData.definitions.map((d, i) => [d._id, i]));
    return pending.flatMap((s) => {
      const e = s.data as Record<string, unknown>;
      const def = index.get(String(e.markerDefinitionId));
      return def === undefined ? [] : [{ lat: Number(e.lat), lng: Number(e.lng), def, tint: Tint.Add }];
    });
  }, [markerData, pending]);

  /** Accepts or rejects suggestions, all or none: they leave the map at once, back on failure. */
  const decide = useCallback(
    async (decision: 'accept' | 'reject', ids: string[], reason?: string) => {
      if (ids.length === 0) return;
      await client.cancelQueries({ queryKey: suggestionsKey });
      const before = client.getQueryData<MarkerSuggestion[]>(suggestionsKey);
      const gone = new Set(ids);
      client.setQueryData<MarkerSuggestion[]>(suggestionsKey, (list) =>
        list?.filter((s) => !gone.has(s._id)),
      );
      try {
        await markerCalls.decide(decision, ids, reason);
        await Promise.all([refetchSuggestions(), decision === 'accept' ? refetchMarkers() : undefined]);
      } catch (error) {
        client.setQueryData(suggestionsKey, before);
        toast.error(errorText(error, messages.somethingWentWrong));
      }
    },
    [client, suggestionsKey, refetchSuggestions, refetchMarkers],
  );

  const remove = useCallback(
    async (id: string) => {
      try {
        const answer = await markerCalls.remove(id, state.suggestMode);
        await afterAnswer(answer);
      } catch (error) {
        toast.error(errorText(error, messages.somethingWentWrong));
      }
    },
    [state.suggestMode, afterAnswer],
  );

  const move = useCallback(
    async (id: string, lat: number, lng: number) => {
      try {
        const answer = await markerCalls.update(id, state.suggestMode, { lat, lng });
        await afterAnswer(answer);
      } catch (error) {
        toast.error(errorText(error, messages.somethingWentWrong));
        // The map goes back to what the server has.
        await refetchSuggestions();
      }
    },
    [state.suggestMode, afterAnswer, refetchSuggestions],
  );

  /** The '+' of a definition in the markers panel: that definition for the place tool (answers whether it was taken). */
  const choosePlacing = useCallback(
    (definition: MapMarkerDefinition) => {
      if (definition._id === constants.questObjectiveDefinitionId) {
        window.alert(messages.questObjectiveViaMarkerList);
        return false;
      }
      tools.send({ type: 'choosePlacing', definitionId: definition._id, kind: placeKind(definition) });
      return true;
    },
    [tools.send],
  );

  const chooseObjective = useCallback(
    (questId: string, objective: string) => tools.send({ type: 'chooseObjective', questId, objective }),
    [tools.send],
  );

  /** Reads the suggestions ahead (the pointer is on 'Activate suggestions'). */
  const prefetch = useCallback(() => {
    loadModule();
    if (session) void client.prefetchQuery(mapSuggestionsQuery(mapId, session));
  }, [client, mapId, session, loadModule]);

  /** Which markers are drawn: suggestions always in suggest mode; only them when asked (admins). */
  const visibility = useCallback(
    (store: MarkerStore, base: (i: number) => boolean) => {
      if (!store.tinted) return base;
      const { tint } = store;
      if (state.suggestMode && state.showOnlySuggestions) return (i: number) => tint[i] !== Tint.None;
      return (i: number) => tint[i] !== Tint.None || base(i);
    },
    [state.suggestMode, state.showOnlySuggestions],
  );
  // Hiding every marker that is not a suggestion applies to the untinted markers too.
  const onlySuggested = state.suggestMode && state.showOnlySuggestions;

  return {
    tools,
    admin,
    data,
    extras,
    definitions,
    /** Admins place at any time; everyone else in suggest mode. */
    canPlace: admin || state.suggestMode,
    onlySuggested,
    visibility,
    suggestionsLoading: suggestions.isFetching,
    /** The suggest-mode panels and rules, once loaded. */
    module,
    /** The open suggestions of the map (suggest mode). */
    suggestions: open,
    authorFilter,
    setAuthorFilter,
    /** Other contributors' suggestions are not drawn (a switch remembered in this browser). */
    othersHidden,
    setOthersHidden,
    decide,
    remove,
    move,
    choosePlacing,
    chooseObjective,
    prefetch,
  };
}

export type SuggestMode = ReturnType<typeof useSuggestMode>;

/** The pointer side of the tools for the map: what a marker click, a map click and a drop do. */
export function useMapPointerTools(suggest: SuggestMode, store: MarkerStore | undefined): MapPointerTools {
  const { tools, admin, remove, move, decide, extras } = suggest;
  const { state, send } = tools;
  const tool = state.tool;
  return useMemo(
    () => ({
      dragging: tool === 'MOVE',
      placing: tool === 'PLACE' || tool === 'PLACE_OBJECTIVE',
      extras,
      onMapClick: (lat, lng) => send({ type: 'mapClick', at: [lat, lng] }),
      onMarker: (i) => {
        if (!store) return false;
        if (tool === 'DELETE') {
          void remove(store.actionId(i));
          return true;
        }
        if (tool === 'ACCEPT' && admin) {
          const id = store.suggestionId(i);
          if (id) void decide('accept', [id]);
          return Boolean(id);
        }
        if (tool === 'EDIT') {
          // The 'Editing marker' panel opens for the selected marker (its suggestion when it shows one).
          send({ type: 'editMarker', markerId: store.actionId(i) });
          return true;
        }
        return false;
      },
      onDrop: (i, lat, lng) => {
        if (store) void move(store.actionId(i), lat, lng);
      },
    }),
    [tool, send, store, admin, remove, move, decide, extras],
  );
}
