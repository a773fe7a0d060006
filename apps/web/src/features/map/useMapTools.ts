import {
  initialToolState,
  type MapTool,
  type ToolEffect,
  type ToolEvent,
  type ToolState,
  toolTransition,
} from '@waypoint/shared/map/tools';
import { useCallback, useRef, useState } from 'react';

/**
 * The map tool state of §4 (suggest mode, show-only-suggestions, the active tool, the marker being
 * edited, the path being drawn), driven by the shared `toolTransition`. `send` applies an event and
 * hands each effect the transition asks for to `onEffect` (post a marker, redraw, highlight, error).
 */
export function useMapTools(onEffect: (effect: ToolEffect, state: ToolState) => void) {
  const [state, setState] = useState<ToolState>(initialToolState);
  const current = useRef(state);
  const effectHandler = useRef(onEffect);
  effectHandler.current = onEffect;

  const send = useCallback((event: ToolEvent) => {
    const { state: next, effects } = toolTransition(current.current, event);
    current.current = next;
    setState(next);
    for (const effect of effects) effectHandler.current(effect, next);
  }, []);

  /** The edit action (tools panel, popup): the edit tool with this marker open in 'Editing marker'. */
  const startEditing = useCallback(
    (markerId: string) => {
      if (current.current.tool !== 'EDIT') send({ type: 'chooseTool', tool: 'EDIT' });
      send({ type: 'editMarker', markerId });
    },
    [send],
  );

  const chooseTool = useCallback((tool: MapTool) => send({ type: 'chooseTool', tool }), [send]);
  const setSuggestMode = useCallback((on: boolean) => send({ type: 'setSuggestMode', on }), [send]);
  const setShowOnlySuggestions = useCallback(
    (on: boolean) => send({ type: 'setShowOnlySuggestions', on }),
    [send],
  );

  return { state, send, startEditing, chooseTool, setSuggestMode, setShowOnlySuggestions };
}

export type MapTools = ReturnType<typeof useMapTools>;
