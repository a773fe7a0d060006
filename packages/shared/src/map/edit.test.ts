import { describe, expect, it } from 'vitest';
import { messages } from '../messages.ts';
import { editingMessages } from './editing-messages.ts';
import { confirmedWording, daysBetween } from './freshness.ts';
import { formFieldOf, markerEditPatch, markerEditValues } from './marker-edit.ts';
import { pathMarkerBody, previewShape } from './paths.ts';

describe('marker freshness wording', () => {
  const now = new Date(2026, 4, 20, 9, 30);

  it('says when a player last confirmed the marker', () => {
    expect(confirmedWording(new Date(2026, 4, 20, 0, 5).toISOString(), now)).toBe('Confirmed today');
    expect(confirmedWording(new Date(2026, 4, 19, 23, 59).toISOString(), now)).toBe('Confirmed yesterday');
    expect(confirmedWording(new Date(2026, 4, 10, 12).toISOString(), now)).toBe('Confirmed 10 days ago');
  });

  it('says never for an empty or unreadable time, and today for a clock ahead', () => {
    expect(confirmedWording('', now)).toBe(editingMessages.neverConfirmed);
    expect(confirmedWording(undefined, now)).toBe('Never confirmed');
    expect(confirmedWording('not a date', now)).toBe('Never confirmed');
    expect(confirmedWording(new Date(2026, 4, 22).toISOString(), now)).toBe('Confirmed today');
  });

  it('counts calendar days across a month end', () => {
    expect(daysBetween(new Date(2026, 0, 31, 23), new Date(2026, 1, 1, 1))).toBe(1);
  });
});

describe('drawn paths', () => {
  const square = [
    [-10, 10],
    [-10, 20],
    [-20, 20],
    [-20, 10],
  ] as const;

  it('places a polygon at the average of its corners and a route at its first corner', () => {
    expect(pathMarkerBody('zone', 'POLYGON', square)).toEqual({
      markerDefinitionId: 'zone',
      lat: -15,
      lng: 15,
      polygonPoints: square.map((p) => [...p]),
    });
    expect(pathMarkerBody('road', 'ROUTE', square)).toMatchObject({ lat: -10, lng: 10 });
  });

  it('keeps 6 decimals and refuses an empty path', () => {
    expect(pathMarkerBody('road', 'ROUTE', [[1.123456789, 2]]).polygonPoints).toEqual([[1.123457, 2]]);
    expect(() => pathMarkerBody('road', 'ROUTE', [])).toThrow();
  });

  it('previews a line from two corners and closes a polygon from three', () => {
    expect(previewShape('POLYGON', square.slice(0, 1))).toBe('none');
    expect(previewShape('POLYGON', square.slice(0, 2))).toBe('line');
    expect(previewShape('POLYGON', square.slice(0, 3))).toBe('polygon');
    expect(previewShape('ROUTE', square)).toBe('line');
  });
});

describe('the marker edit form', () => {
  const marker = {
    name: 'Crate',
    description: '<p>Old</p>',
    markerDefinitionId: 'loot',
    level: -1,
    questId: 'q1',
    questObjective: 'Find it',
    itemId: '',
  };

  it('sends only the fields that changed', () => {
    const values = { ...markerEditValues(marker), name: 'Big crate', level: '12' };
    expect(markerEditPatch(values, marker)).toEqual({
      ok: true,
      patch: { name: 'Big crate', level: 12 },
      imageUrls: [],
    });
    expect(markerEditPatch(markerEditValues(marker), marker)).toEqual({ ok: true, patch: {}, imageUrls: [] });
  });

  it('shows the every-floor level as an empty box, and an emptied box as every floor again', () => {
    expect(markerEditValues(marker).level).toBe('');
    expect(markerEditValues({ ...marker, level: 2 }).level).toBe('2');
    expect(
      markerEditPatch({ ...markerEditValues({ ...marker, level: 2 }), level: ' ' }, { ...marker, level: 2 }),
    ).toEqual({ ok: true, patch: { level: -1 }, imageUrls: [] });
  });

  it('clears the objective with the quest', () => {
    const values = { ...markerEditValues(marker), questId: '' };
    expect(markerEditPatch(values, marker)).toMatchObject({ patch: { questId: '', questObjective: '' } });
  });

  it('names the fields the registry schema refuses', () => {
    const result = markerEditPatch({ ...markerEditValues(marker), level: 'abc' }, marker);
    expect(result).toEqual({ ok: false, errors: { level: messages.notANumber } });
    const tooHigh = markerEditPatch(
      { ...markerEditValues(marker), level: '5000', markerDefinitionId: '' },
      marker,
    );
    expect(tooHigh.ok).toBe(false);
    if (!tooHigh.ok) expect(Object.keys(tooHigh.errors).sort()).toEqual(['level', 'markerDefinitionId']);
  });

  it('takes up to five http(s) image addresses', () => {
    const imageUrls = ['https://img.example/a.png', '', 'javascript:alert(1)', 'ftp://x/y.png', ''];
    const result = markerEditPatch({ ...markerEditValues(marker), imageUrls }, marker);
    expect(result).toEqual({
      ok: false,
      errors: {
        'imageUrls.2': editingMessages.imageUrlInvalid,
        'imageUrls.3': editingMessages.imageUrlInvalid,
      },
    });
    const good = markerEditPatch(
      { ...markerEditValues(marker), imageUrls: ['', ' http://img.example/b.jpg '] },
      marker,
    );
    expect(good).toMatchObject({ ok: true, imageUrls: ['http://img.example/b.jpg'] });
  });

  it('maps server field names to form fields', () => {
    expect(formFieldOf('body.data.name')).toBe('name');
    expect(formFieldOf('body.level')).toBe('level');
  });
});
