import { describe, expect, it } from 'vitest';
import { hideoutmodule, item as itemModel, quest as questModel, trader } from '../models/content.ts';
import { sourceRecordId } from './datamaps.ts';
import { tarkovDevAnswer } from './fixtures/tarkov-dev-answer.ts';
import { InteropError } from './format.ts';
import { readTarkovDev } from './tarkov-dev.ts';

const text = JSON.stringify(tarkovDevAnswer);
const target = { gameId: 'eft', source: 'tarkov.dev', regions: ['Customs', 'Woods', 'Factory'] };
const id = (kind: string, sourceId: string) => sourceRecordId('tarkov.dev', kind, sourceId);
const problemsOf = (content: unknown) => {
  try {
    readTarkovDev(typeof content === 'string' ? content : JSON.stringify(content), target);
  } catch (error) {
    if (error instanceof InteropError) return error.problems;
    throw error;
  }
  return [];
};

describe('reading a tarkov.dev answer', () => {
  const read = readTarkovDev(text, target);
  const quest = (name: string) => read.records.quest.find((q) => q.name === name)!;
  const item = (name: string) => read.records.item.find((i) => i.itemName === name)!;

  it('makes traders, quests, items and hideout modules the registry accepts', () => {
    expect(read.records.trader.map((t) => t.name).sort()).toEqual(['Mechanic', 'Prapor', 'Therapist']);
    expect(read.records.quest).toHaveLength(9);
    expect(read.records.hideoutmodule.map((m) => m.moduleTitle)).toEqual(['Medstation', 'Stash']);
    for (const [model, records] of [
      [questModel, read.records.quest],
      [itemModel, read.records.item],
      [hideoutmodule, read.records.hideoutmodule],
      [trader, read.records.trader],
    ] as const)
      for (const r of records) expect(model.schema.safeParse(r).success, String(r._id)).toBe(true);
  });

  it('keeps every quest a task requires, the first as previous', () => {
    const gunsmith = quest('Gunsmith - Part 1');
    expect(gunsmith.requires).toEqual([
      id('quest', '657315e4a6af4ab4b50f3459'),
      id('quest', '5936d90786f7742b1420ba5b'),
    ]);
    expect(gunsmith.previous).toBe(id('quest', '657315e4a6af4ab4b50f3459'));
    expect(quest('Debut')).toMatchObject({
      _id: id('quest', '5936d90786f7742b1420ba5b'),
      questLevel: 2,
      traderId: id('trader', '54cb50c76803fa8b248b4571'),
      requires: [id('quest', '657315df034d76585f032e01')],
      wikiLink: 'https://escapefromtarkov.fandom.com/wiki/Debut',
    });
    expect(quest('First in Line')).toMatchObject({ previous: '', requires: [] });
  });

  it('turns handed-over items into needs of the quest, found in raid or not, and hideout items into needs of the level', () => {
    expect(item('MP-133 12ga pump-action shotgun').required).toEqual([
      { quantity: 2, findOnly: false, questId: id('quest', '5936d90786f7742b1420ba5b') },
    ]);
    // Shortage: finding and handing over are the same three kits, counted once.
    expect(item('Salewa first aid kit').required).toEqual([
      { quantity: 3, findOnly: true, questId: id('quest', '5967733e86f774602332fc84') },
      {
        quantity: 2,
        findOnly: true,
        hideoutModuleLevel: { moduleId: id('hideoutmodule', '5d484fc0654e7600691aadf8'), level: 1 },
      },
      {
        quantity: 3,
        findOnly: false,
        hideoutModuleLevel: { moduleId: id('hideoutmodule', '5d484fc0654e7600691aadf8'), level: 2 },
      },
    ]);
    expect(item('Roubles').required).toEqual([
      {
        quantity: 10000,
        findOnly: false,
        hideoutModuleLevel: { moduleId: id('hideoutmodule', '5d484fc0654e7600691aadf8'), level: 1 },
      },
    ]);
  });

  it('places objectives on maps: known regions by their name, unknown maps kept and named in the notes', () => {
    expect(quest('Background Check').location).toEqual(['Customs']);
    expect(quest('Shootout Picnic').location).toEqual(['Woods']);
    expect(quest('Shooting Cans').location).toEqual(['Ground Zero']);
    expect(quest('Shooting Cans').objectives).toEqual([
      'Locate the Utyos machine gun on Ground Zero',
      'Eliminate any target on Ground Zero',
    ]);
    expect(read.notes.filter((n) => n.note.includes('Ground Zero'))).toEqual([
      expect.objectContaining({ record: 'tasks[0] "First in Line"', field: 'objectives[0].maps' }),
    ]);
    expect(read.notes).toContainEqual(
      expect.objectContaining({ record: 'tasks[0] "First in Line"', field: 'objectives[1].items' }),
    );
  });

  it('notes a requirement on a task the answer lacks or on another status, and leaves it out', () => {
    const answer = JSON.parse(text);
    answer.data.tasks[3].taskRequirements.push(
      { task: { id: 'gone', name: 'Elsewhere' }, status: ['complete'] },
      { task: { id: '5967733e86f774602332fc84', name: 'Shortage' }, status: ['failed'] },
    );
    const read = readTarkovDev(JSON.stringify(answer), target);
    expect(read.records.quest.find((q) => q.name === 'Debut')!.requires).toHaveLength(1);
    expect(read.notes.map((n) => n.field)).toEqual(
      expect.arrayContaining(['taskRequirements[1].task', 'taskRequirements[2].status']),
    );
  });

  it('refuses only what is no answer; a bad task or station is listed and skipped, the rest read', () => {
    expect(problemsOf('{nope')).toEqual([
      expect.objectContaining({ record: '(file)', message: expect.stringMatching(/^Not JSON/) }),
    ]);
    expect(problemsOf({ data: { maps: [] } })[0]!.field).toBe('data');
    expect(problemsOf({ errors: [{ message: 'Syntax Error' }] })[0]!.message).toMatch(/Syntax Error/);
    const answer = JSON.parse(text);
    answer.data.tasks[1].minPlayerLevel = 'five';
    delete answer.data.tasks[2].name;
    answer.data.tasks[4].id = answer.data.tasks[3].id;
    answer.data.hideoutStations[0].levels[0].itemRequirements[0].count = 0;
    const read = readTarkovDev(JSON.stringify(answer), target);
    expect(read.skipped).toEqual([
      expect.objectContaining({ record: 'tasks[1] "Shooting Cans"', field: 'minPlayerLevel' }),
      expect.objectContaining({ record: 'tasks[2]', field: 'name' }),
      expect.objectContaining({ record: 'tasks[4] "Shortage"', field: 'id' }),
      expect.objectContaining({
        record: 'hideoutStations[0] "Medstation"',
        field: 'levels.0.itemRequirements.0.count',
      }),
    ]);
    expect(read.records.quest).toHaveLength(9 - 3);
    expect(read.records.hideoutmodule.map((m) => m.moduleTitle)).toEqual(['Stash']);
    // Debut requires the skipped Shooting Cans: still named (the import keeps it where the game has it).
    expect(read.records.quest.find((q) => q.name === 'Debut')?.requires).toEqual([
      id('quest', answer.data.tasks[1].id),
    ]);
    expect(read.skippedIds).toEqual(
      expect.arrayContaining([id('quest', answer.data.tasks[1].id), id('quest', answer.data.tasks[2].id)]),
    );
  });
});
