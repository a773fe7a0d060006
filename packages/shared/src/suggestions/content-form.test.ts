import { describe, expect, it } from 'vitest';
import { quest } from '../models/content.ts';
import { suggestMessages } from '../suggest-messages.ts';
import {
  buildSuggestion,
  emptySuggestForm,
  formFieldOfServerError,
  markerCategoryDescription,
  suggestFields,
} from './content-form.ts';

const built = (...args: Parameters<typeof buildSuggestion>) => {
  const result = buildSuggestion(...args);
  if (!result.ok) throw new Error(`not valid: ${JSON.stringify(result.errors)}`);
  return { ...result.suggestion, element: JSON.parse(String(result.suggestion.data)) };
};

describe('content suggestion forms (§5)', () => {
  it('shows the game select where the element belongs to a game, the name, and the selects loaded by game', () => {
    const names = (type: Parameters<typeof suggestFields>[0]) => suggestFields(type).map((f) => f.name);
    expect(names('GAME')).toEqual(['name']);
    expect(names('CATEGORY')).toEqual(['gameId', 'name', 'preferredMap']);
    expect(names('MAP')).toEqual(['gameId', 'name', 'categoryId']);
    expect(names('QUEST')).toEqual(['gameId', 'name']);
    expect(suggestFields('MAP').find((f) => f.name === 'categoryId')?.kind).toBe('category');
    expect(suggestFields('CATEGORY').find((f) => f.name === 'preferredMap')?.kind).toBe('map');
    expect(
      suggestFields('MARKER_DEFINITION')
        .filter((f) => f.required)
        .map((f) => f.name),
    ).toEqual(['gameId', 'name']);
  });

  it('requires the name, and the game for a category, map, quest and marker category', () => {
    for (const type of ['CATEGORY', 'MAP', 'QUEST', 'MARKER_DEFINITION'] as const) {
      const result = buildSuggestion(type, emptySuggestForm());
      expect(result).toEqual({
        ok: false,
        errors: { gameId: suggestMessages.fieldRequired, name: suggestMessages.fieldRequired },
      });
    }
    expect(buildSuggestion('GAME', emptySuggestForm({ name: '   ' }))).toEqual({
      ok: false,
      errors: { name: suggestMessages.fieldRequired },
    });
  });

  it('derives the id from the name; a game is its own parent, the others belong to the game', () => {
    const game = built('GAME', emptySuggestForm({ name: 'Deep Sky Outpost' }));
    expect(game).toMatchObject({ type: 'GAME', action: 'ADD', parentId: 'deep_sky_outpost', imageUrl: '' });
    expect(game.element).toEqual({ _id: 'deep_sky_outpost', name: 'Deep Sky Outpost' });

    const map = built('MAP', emptySuggestForm({ gameId: 'g1', name: 'North Shore', categoryId: 'coast' }));
    expect(map.parentId).toBe('g1');
    expect(map.element).toEqual({
      _id: 'north_shore',
      name: 'North Shore',
      gameId: 'g1',
      categoryId: 'coast',
    });
    // An empty select sends nothing.
    expect(built('MAP', emptySuggestForm({ gameId: 'g1', name: 'X' })).element).not.toHaveProperty(
      'categoryId',
    );
  });

  it('creates a quest with empty objectives, rewards, previous and location and level 0', () => {
    const { element } = built('QUEST', emptySuggestForm({ gameId: 'g1', name: 'Lost Cargo' }));
    expect(element).toEqual({
      _id: 'lost_cargo',
      name: 'Lost Cargo',
      gameId: 'g1',
      objectives: [],
      rewards: [],
      previous: '',
      questLevel: 0,
      location: [],
    });
    expect(quest.schema.safeParse(element).success).toBe(true);
  });

  it('makes a marker category a polygon or an svg by the flag, with description, line break and icon URL', () => {
    const form = emptySuggestForm({
      gameId: 'g1',
      name: 'Fishing Spots',
      description: 'Where the fish bite',
      iconUrl: 'https://example.com/fish.png',
      wrapperColor: '#112233',
      innerColor: '#fff',
      polygonColor: '#ff0000',
    });
    const svg = built('MARKER_DEFINITION', form);
    expect(svg.element).toMatchObject({
      _id: 'fishing_spots',
      markerDefinitionType: 'SVG',
      description: 'Where the fish bite<br/>https://example.com/fish.png',
      wrapperColor: '#112233',
      innerColor: '#fff',
      polygonColor: '',
    });
    expect(svg.imageUrl).toBe('https://example.com/fish.png');
    const polygon = built('MARKER_DEFINITION', { ...form, polygon: true });
    expect(polygon.element).toMatchObject({ markerDefinitionType: 'POLYGON', polygonColor: '#ff0000' });

    expect(markerCategoryDescription('Only text', '')).toBe('Only text');
    expect(markerCategoryDescription('', ' https://x.test/i.png ')).toBe('https://x.test/i.png');
  });

  it('refuses colours that are not hexadecimal and icon links that are not http(s), by field', () => {
    const result = buildSuggestion(
      'MARKER_DEFINITION',
      emptySuggestForm({ gameId: 'g1', name: 'Ok', wrapperColor: 'red', iconUrl: 'javascript:alert(1)' }),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual(['iconUrl', 'wrapperColor']);
  });

  it('puts the server’s field problems on the form fields', () => {
    expect(formFieldOfServerError('MARKER_DEFINITION', 'body.data.wrapperColor')).toBe('wrapperColor');
    expect(formFieldOfServerError('QUEST', 'body.data.name')).toBe('name');
    expect(formFieldOfServerError('QUEST', 'body.data._id')).toBe('name');
    expect(formFieldOfServerError('MAP', 'body.parentId')).toBe('gameId');
    expect(formFieldOfServerError('GAME', 'body.parentId')).toBe('name');
    expect(formFieldOfServerError('MARKER_DEFINITION', 'body.imageUrl')).toBe('iconUrl');
    expect(formFieldOfServerError('QUEST', 'body.data.questLevel')).toBe('');
    expect(formFieldOfServerError('QUEST', 'body.type')).toBe('');
  });
});
