import { describe, expect, it } from 'vitest';
import {
  adminFormBody,
  adminFormValues,
  bulkRecordId,
  cellText,
  describeModel,
  describeRegistry,
  modalTitle,
  openInPagePath,
  topLevelModels,
} from './admin.ts';
import { getModel } from './registry.ts';

const map = describeModel(getModel('map'));
const marker = describeModel(getModel('placedmarker'));
const game = describeModel(getModel('game'));

describe('the registry described for the admin panel', () => {
  it('carries form types, flags, choices, defaults and the default sort', () => {
    const shape = describeModel(getModel('markerdefinition')).fields.find(
      (f) => f.name === 'backgroundShape',
    );
    expect(shape).toMatchObject({
      form: 'background_shape_select',
      options: ['NONE', 'CIRCLE', 'HTML'],
      default: 'NONE',
    });
    expect(game.fields.find((f) => f.name === 'additionalFeatures')?.options).toContain('quests');
    expect(map.fields.find((f) => f.name === 'gameId')).toMatchObject({ form: 'parent_id', required: true });
    expect(map.fields.find((f) => f.name === 'tilesPath')?.readOnly).toBe(true);
    expect(map.fields.find((f) => f.name === 'enabled')?.default).toBe(true);
    expect(map.defaultSort).toEqual({ field: 'weight', order: 'desc' });
    expect(marker.defaultSort).toEqual({ field: '_id', order: 'asc' });
    expect(topLevelModels(describeRegistry()).map((m) => m.key)).toEqual(['game', 'theme']);
  });
});

describe('the generic form', () => {
  it('sends every editable field on create and only changes on edit, never the id', () => {
    const values = adminFormValues(map, null, { gameId: 'g1', _id: 'm1' });
    values.name = 'Map';
    const created = adminFormBody(map, values, null).body;
    expect(created).toMatchObject({ _id: 'm1', gameId: 'g1', name: 'Map', enabled: true });
    expect(created).not.toHaveProperty('tilesPath');
    const record = { ...created, tilesPath: 'x', images: {} };
    const edit = adminFormValues(map, record);
    edit._id = 'm2';
    edit.weight = '5';
    expect(adminFormBody(map, edit, record).body).toEqual({ weight: 5 });
  });

  it('keeps nullable numbers null and JSON text checked', () => {
    const values = adminFormValues(marker, null, { mapId: 'm' });
    expect(values.imageX).toBe('');
    expect(adminFormBody(marker, values, null).body.imageX).toBeNull();
    const theme = describeModel(getModel('theme'));
    const themeValues = adminFormValues(theme, null);
    themeValues.colors = '{oops';
    expect(adminFormBody(theme, themeValues, null).errors).toEqual({ colors: 'Not valid JSON' });
  });
});

describe('lists', () => {
  it('cut marker names at 30 characters, show list sizes, title nested modals', () => {
    expect(cellText(marker, 'name', 'x'.repeat(40))).toBe(`${'x'.repeat(30)}...`);
    expect(cellText(game, 'name', 'x'.repeat(40))).toBe('x'.repeat(40));
    expect(cellText(game, 'maps', ['a', 'b'])).toBe('2');
    expect(modalTitle(map, { label: 'Game', id: 'g1' })).toBe('Map of Game : g1');
    expect(modalTitle(map)).toBe('Map');
    expect(openInPagePath(map, { _id: 'm1', gameId: 'g1' })).toBe('/game/g1/maps/m1');
  });

  it('names bulk-added records after the parent and the file', () => {
    expect(bulkRecordId('g1', 'Level One (v2).png')).toBe('g1_Level_One_v2_');
  });
});

describe('nameFromFileName', () => {
  it('names a record as a person would write it', async () => {
    const { nameFromFileName } = await import('./admin.ts');
    expect(nameFromFileName('pier.png')).toBe('Pier');
    expect(nameFromFileName('saltmarsh_tunnels.webp')).toBe('Saltmarsh Tunnels');
    expect(nameFromFileName('level a.png')).toBe('Level A');
    expect(nameFromFileName('NATO-base.jpg')).toBe('NATO Base');
  });
});
