import { messages } from '../messages.ts';

/**
 * The map tools of specification §4 as one pure state machine: the map page keeps a `ToolState`,
 * sends it `ToolEvent`s (button presses, map clicks, server answers) and carries out the `ToolEffect`
 * a transition asks for (send a suggestion, redraw the map, show an error).
 */
export type MapTool = 'NONE' | 'PLACE' | 'PLACE_OBJECTIVE' | 'MOVE' | 'DELETE' | 'EDIT' | 'ACCEPT';

/** How a marker definition is placed: one click for a point, a list of corners for the others. */
export type PlaceKind = 'POINT' | 'POLYGON' | 'ROUTE';

export type LatLng = readonly [lat: number, lng: number];

export interface ToolState {
  tool: MapTool;
  /** The definition the place tool puts down (chosen with its '+' in the markers panel). */
  placing: { definitionId: string; kind: PlaceKind } | null;
  /** The quest objective the objective tool puts down (chosen with its '+' in the quests panel). */
  objective: { questId: string; objective: string } | null;
  /** Corners of the polygon or route being drawn. */
  points: readonly LatLng[];
  /** The marker open in the 'Editing marker' panel. */
  editingMarkerId: string | null;
  suggestMode: boolean;
  /** Admins: only suggested markers are drawn. */
  showOnlySuggestions: boolean;
}

export type ToolEvent =
  | { type: 'chooseTool'; tool: MapTool }
  | { type: 'choosePlacing'; definitionId: string; kind: PlaceKind }
  | { type: 'chooseObjective'; questId: string; objective: string }
  | { type: 'mapClick'; at: LatLng }
  | { type: 'removeLastPoint' }
  | { type: 'saveDrawing' }
  /** The server refused a saved path: its corners come back so that nothing drawn is lost. */
  | { type: 'pathSaveFailed'; definitionId: string; points: readonly LatLng[] }
  | { type: 'cancelDrawing' }
  | { type: 'editMarker'; markerId: string }
  | { type: 'markerUpdated'; markerId: string }
  | { type: 'objectivePlaced' }
  | { type: 'setSuggestMode'; on: boolean }
  | { type: 'setShowOnlySuggestions'; on: boolean };

export type ToolEffect =
  | { type: 'placeMarker'; definitionId: string; at: LatLng }
  | { type: 'placeObjective'; questId: string; objective: string; at: LatLng }
  | { type: 'savePath'; definitionId: string; kind: 'POLYGON' | 'ROUTE'; points: readonly LatLng[] }
  /** Suggest mode or show-only-suggestions changed: the whole map is drawn again. */
  | { type: 'redrawAll' }
  /** Entering Move: completed and future quests are shown and suggestion markers become draggable. */
  | { type: 'startDragging' }
  | { type: 'stopDragging' }
  | { type: 'highlight'; markerId: string }
  | { type: 'error'; message: string };

export interface Transition {
  state: ToolState;
  effects: ToolEffect[];
}

export const initialToolState: ToolState = {
  tool: 'NONE',
  placing: null,
  objective: null,
  points: [],
  editingMarkerId: null,
  suggestMode: false,
  showOnlySuggestions: false,
};

/** Choosing the active tool again returns to NONE. */
export function nextTool(current: MapTool, chosen: MapTool): MapTool {
  return current === chosen ? 'NONE' : chosen;
}

/** Whether a polygon or route is being drawn (the 'Polygon Actions' / 'Route Actions' panel shows). */
export function isDrawing(state: ToolState): boolean {
  return state.tool === 'PLACE' && state.placing !== null && state.placing.kind !== 'POINT';
}

/** Moves to `tool`, with what entering and leaving tools implies (§4). */
function switchTool(state: ToolState, tool: MapTool): Transition {
  const effects: ToolEffect[] = [];
  if (state.tool === 'MOVE' && tool !== 'MOVE') effects.push({ type: 'stopDragging' });
  if (tool === 'MOVE' && state.tool !== 'MOVE') effects.push({ type: 'startDragging' });
  const next: ToolState = {
    ...state,
    tool,
    // Selecting a tool other than edit clears the marker being edited.
    editingMarkerId: tool === 'EDIT' ? state.editingMarkerId : null,
    placing: tool === 'PLACE' ? state.placing : null,
    objective: tool === 'PLACE_OBJECTIVE' ? state.objective : null,
    points: tool === 'PLACE' ? state.points : [],
  };
  return { state: next, effects };
}

export function toolTransition(state: ToolState, event: ToolEvent): Transition {
  switch (event.type) {
    case 'chooseTool':
      return switchTool(state, nextTool(state.tool, event.tool));
    case 'choosePlacing': {
      const same = state.tool === 'PLACE' && state.placing?.definitionId === event.definitionId;
      if (same) return switchTool(state, 'NONE');
      const moved = switchTool(state, 'PLACE');
      return {
        state: {
          ...moved.state,
          placing: { definitionId: event.definitionId, kind: event.kind },
          points: [],
        },
        effects: moved.effects,
      };
    }
    case 'chooseObjective': {
      const moved = switchTool(state, 'PLACE_OBJECTIVE');
      return {
        state: { ...moved.state, objective: { questId: event.questId, objective: event.objective } },
        effects: moved.effects,
      };
    }
    case 'mapClick': {
      if (state.tool === 'PLACE_OBJECTIVE' && state.objective) {
        return { state, effects: [{ type: 'placeObjective', ...state.objective, at: event.at }] };
      }
      if (state.tool !== 'PLACE' || !state.placing) return { state, effects: [] };
      // A click adds a corner for polygon and route definitions, otherwise it places a marker.
      if (state.placing.kind === 'POINT') {
        return {
          state,
          effects: [{ type: 'placeMarker', definitionId: state.placing.definitionId, at: event.at }],
        };
      }
      return { state: { ...state, points: [...state.points, event.at] }, effects: [] };
    }
    case 'removeLastPoint':
      return { state: { ...state, points: state.points.slice(0, -1) }, effects: [] };
    case 'saveDrawing': {
      if (!isDrawing(state) || !state.placing) return { state, effects: [] };
      if (state.points.length === 0)
        return { state, effects: [{ type: 'error', message: messages.pathNeedsPoint }] };
      const kind = state.placing.kind as 'POLYGON' | 'ROUTE';
      return {
        state: { ...state, points: [] },
        effects: [{ type: 'savePath', definitionId: state.placing.definitionId, kind, points: state.points }],
      };
    }
    case 'pathSaveFailed': {
      const same = isDrawing(state) && state.placing?.definitionId === event.definitionId;
      if (!same || state.points.length > 0) return { state, effects: [] };
      return { state: { ...state, points: event.points }, effects: [] };
    }
    case 'cancelDrawing':
      // Cancelling a polygon resets to NONE.
      return switchTool(state, 'NONE');
    case 'editMarker':
      if (state.tool !== 'EDIT') return { state, effects: [] };
      return { state: { ...state, editingMarkerId: event.markerId }, effects: [] };
    case 'markerUpdated':
      // After an update the marker is refreshed and highlighted, and edit mode closes.
      return {
        state: { ...state, editingMarkerId: null },
        effects: [{ type: 'highlight', markerId: event.markerId }],
      };
    case 'objectivePlaced':
      // Placing an objective marker resets the tool and the selection.
      return switchTool({ ...state, objective: null }, 'NONE');
    case 'setSuggestMode':
      // Either flag changing refreshes the whole map; which tools stay offered is the page's choice
      // (admins keep theirs without suggest mode).
      if (state.suggestMode === event.on) return { state, effects: [] };
      return { state: { ...state, suggestMode: event.on }, effects: [{ type: 'redrawAll' }] };
    case 'setShowOnlySuggestions':
      if (state.showOnlySuggestions === event.on) return { state, effects: [] };
      return { state: { ...state, showOnlySuggestions: event.on }, effects: [{ type: 'redrawAll' }] };
  }
}
