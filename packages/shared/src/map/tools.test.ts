import { describe, expect, it } from 'vitest';
import { messages } from '../messages.ts';
import { initialToolState, isDrawing, type ToolEvent, type ToolState, toolTransition } from './tools.ts';

function run(events: ToolEvent[], from: ToolState = initialToolState) {
  let state = from;
  const effects = [];
  for (const event of events) {
    const t = toolTransition(state, event);
    state = t.state;
    effects.push(...t.effects);
  }
  return { state, effects };
}

describe('map tools (§4)', () => {
  it('choosing the active tool again returns to NONE', () => {
    expect(run([{ type: 'chooseTool', tool: 'DELETE' }]).state.tool).toBe('DELETE');
    expect(
      run([
        { type: 'chooseTool', tool: 'DELETE' },
        { type: 'chooseTool', tool: 'DELETE' },
      ]).state.tool,
    ).toBe('NONE');
  });

  it('selecting a tool other than edit clears the marker being edited', () => {
    const editing = run([
      { type: 'chooseTool', tool: 'EDIT' },
      { type: 'editMarker', markerId: 'm1' },
    ]);
    expect(editing.state.editingMarkerId).toBe('m1');
    expect(run([{ type: 'chooseTool', tool: 'MOVE' }], editing.state).state.editingMarkerId).toBeNull();
  });

  it('only the edit tool opens a marker for editing', () => {
    expect(run([{ type: 'editMarker', markerId: 'm1' }]).state.editingMarkerId).toBeNull();
  });

  it('a click with the place tool places a marker of a point definition', () => {
    const { state, effects } = run([
      { type: 'choosePlacing', definitionId: 'loot', kind: 'POINT' },
      { type: 'mapClick', at: [-10, 20] },
    ]);
    expect(state.tool).toBe('PLACE');
    expect(effects).toEqual([{ type: 'placeMarker', definitionId: 'loot', at: [-10, 20] }]);
  });

  it('a click adds a corner for polygon and route definitions; remove last, save, cancel', () => {
    const drawing = run([
      { type: 'choosePlacing', definitionId: 'zone', kind: 'POLYGON' },
      { type: 'mapClick', at: [1, 1] },
      { type: 'mapClick', at: [2, 2] },
      { type: 'mapClick', at: [3, 3] },
      { type: 'removeLastPoint' },
    ]);
    expect(isDrawing(drawing.state)).toBe(true);
    expect(drawing.state.points).toEqual([
      [1, 1],
      [2, 2],
    ]);
    expect(drawing.effects).toEqual([]);
    const saved = run([{ type: 'saveDrawing' }], drawing.state);
    expect(saved.effects).toEqual([
      {
        type: 'savePath',
        definitionId: 'zone',
        kind: 'POLYGON',
        points: [
          [1, 1],
          [2, 2],
        ],
      },
    ]);
    expect(saved.state.points).toEqual([]);
    const cancelled = run([{ type: 'cancelDrawing' }], drawing.state);
    expect(cancelled.state.tool).toBe('NONE');
    expect(cancelled.state.points).toEqual([]);
    expect(cancelled.state.placing).toBeNull();
  });

  it('saving a path needs at least one point', () => {
    const { state, effects } = run([
      { type: 'choosePlacing', definitionId: 'road', kind: 'ROUTE' },
      { type: 'saveDrawing' },
    ]);
    expect(effects).toEqual([{ type: 'error', message: messages.pathNeedsPoint }]);
    expect(state.tool).toBe('PLACE');
  });

  it('choosing the same definition again leaves the place tool', () => {
    const { state } = run([
      { type: 'choosePlacing', definitionId: 'loot', kind: 'POINT' },
      { type: 'choosePlacing', definitionId: 'loot', kind: 'POINT' },
    ]);
    expect(state.tool).toBe('NONE');
    expect(state.placing).toBeNull();
  });

  it('placing an objective marker resets tool and selection after success', () => {
    const chosen = run([
      { type: 'chooseObjective', questId: 'q1', objective: 'Find the radio' },
      { type: 'mapClick', at: [5, 6] },
    ]);
    expect(chosen.effects).toEqual([
      { type: 'placeObjective', questId: 'q1', objective: 'Find the radio', at: [5, 6] },
    ]);
    const done = run([{ type: 'objectivePlaced' }], chosen.state);
    expect(done.state.tool).toBe('NONE');
    expect(done.state.objective).toBeNull();
  });

  it('entering Move starts dragging and leaving it stops dragging', () => {
    const entered = run([{ type: 'chooseTool', tool: 'MOVE' }]);
    expect(entered.effects).toEqual([{ type: 'startDragging' }]);
    expect(run([{ type: 'chooseTool', tool: 'EDIT' }], entered.state).effects).toEqual([
      { type: 'stopDragging' },
    ]);
    expect(run([{ type: 'chooseTool', tool: 'MOVE' }], entered.state).effects).toEqual([
      { type: 'stopDragging' },
    ]);
  });

  it('a click with no placing tool does nothing', () => {
    expect(run([{ type: 'mapClick', at: [1, 1] }]).effects).toEqual([]);
    expect(
      run([
        { type: 'chooseTool', tool: 'DELETE' },
        { type: 'mapClick', at: [1, 1] },
      ]).effects,
    ).toEqual([]);
  });

  it('after a marker update the editor closes and the marker is highlighted', () => {
    const { state, effects } = run([
      { type: 'chooseTool', tool: 'EDIT' },
      { type: 'editMarker', markerId: 'm1' },
      { type: 'markerUpdated', markerId: 'm1' },
    ]);
    expect(state.editingMarkerId).toBeNull();
    expect(effects).toEqual([{ type: 'highlight', markerId: 'm1' }]);
  });

  it('changing suggest mode or show-only-suggestions redraws the whole map, once per change', () => {
    const on = run([{ type: 'setSuggestMode', on: true }]);
    expect(on.state.suggestMode).toBe(true);
    expect(on.effects).toEqual([{ type: 'redrawAll' }]);
    expect(run([{ type: 'setSuggestMode', on: true }], on.state).effects).toEqual([]);
    const only = run([{ type: 'setShowOnlySuggestions', on: true }], on.state);
    expect(only.effects).toEqual([{ type: 'redrawAll' }]);
    expect(only.state.showOnlySuggestions).toBe(true);
  });
});

describe('a refused path save', () => {
  const drawing = run([
    { type: 'choosePlacing', definitionId: 'zone', kind: 'POLYGON' },
    { type: 'mapClick', at: [1, 1] },
    { type: 'mapClick', at: [2, 2] },
    { type: 'saveDrawing' },
  ]);

  it('gives the corners back to the drawing they came from', () => {
    expect(drawing.state.points).toEqual([]);
    const back = run(
      [
        {
          type: 'pathSaveFailed',
          definitionId: 'zone',
          points: [
            [1, 1],
            [2, 2],
          ],
        },
      ],
      drawing.state,
    );
    expect(back.state.points).toEqual([
      [1, 1],
      [2, 2],
    ]);
  });

  it('leaves a new drawing or another tool alone', () => {
    const redrawn = run([{ type: 'mapClick', at: [5, 5] }], drawing.state).state;
    expect(
      run([{ type: 'pathSaveFailed', definitionId: 'zone', points: [[1, 1]] }], redrawn).state.points,
    ).toEqual([[5, 5]]);
    const other = run([{ type: 'cancelDrawing' }], drawing.state).state;
    expect(
      run([{ type: 'pathSaveFailed', definitionId: 'zone', points: [[1, 1]] }], other).state.points,
    ).toEqual([]);
  });
});
