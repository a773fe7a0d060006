import { describe, expect, it } from 'vitest';
import { getModel, modelByCollection, modelKeys, registry } from './registry.ts';

describe('model registry', () => {
  it('names every collection as the model key plus s', () => {
    for (const key of modelKeys) expect(modelByCollection(`${key}s`)?.key).toBe(key);
    expect(modelByCollection('users')).toBeUndefined();
    expect(modelByCollection('gamex')).toBeUndefined();
  });

  it('applies the specification defaults', () => {
    const map = registry.map.schema.parse({ _id: 'm', name: 'M', gameId: 'g' });
    expect(map.enabled).toBe(true);
    expect(map.overwolfLocationEnabled).toBe(true);
    const quest = registry.quest.schema.parse({ _id: 'q', name: 'Q', gameId: 'g' });
    expect(quest.questLevel).toBe(-1);
    expect(quest.hidden).toBe(false);
    const def = registry.markerdefinition.schema.parse({ _id: 'd', name: 'D', gameId: 'g' });
    expect(def.disabled).toBe(true);
    expect([def.width, def.height]).toEqual([-1, -1]);
    const marker = registry.placedmarker.schema.parse({ _id: 'p', mapId: 'm', markerDefinitionId: 'd' });
    expect([marker.lat, marker.lng, marker.level]).toEqual([0, 0, -1]);
    expect(registry.suggestion.schema.parse({ _id: 's', parentId: 'm' }).status).toBe('SAVED');
  });

  it('rejects ids that could escape a storage path', () => {
    for (const bad of ['../x', 'a/b', '', '.hidden', 'a b']) {
      expect(registry.game.schema.safeParse({ _id: bad, name: 'x' }).success).toBe(false);
    }
  });

  it('declares sort orders on existing fields and parents on parent_id fields', () => {
    for (const key of modelKeys) {
      const model = getModel(key);
      for (const [field] of model.sort) expect(model.fields).toHaveProperty(field);
      if (model.parent) expect(model.fields[model.parent.field].form).toBe('parent_id');
    }
  });
});

describe('patch schemas', () => {
  it('keep only the fields a patch names and drop read-only ones', () => {
    expect(registry.map.patchSchema.parse({ name: 'x', tilesPath: 'evil' })).toEqual({ name: 'x' });
    expect(registry.map.patchSchema.safeParse({ enabled: 'yes' }).success).toBe(false);
  });
});
