import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { getModel } from '@waypoint/shared';
import {
  generatedTarkovDevAnswer,
  tarkovDevAnswer,
} from '@waypoint/shared/interop/fixtures/tarkov-dev-answer';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.ts';
import { findRecordsBy } from '../models/models.repository.ts';

const env = useTestApp();
const answer = JSON.stringify(tarkovDevAnswer);
const url = '/api/admin/games/g2/import/tarkov-dev';
const send = (method: 'GET' | 'POST', to: string, payload?: unknown) =>
  env.t.app.inject({ method, url: to, headers: env.admin.auth, payload: payload as never });
const stagedCount = async () =>
  (
    await env.t.db.kysely
      .selectFrom('importedcrudmodel' as never)
      .select(['type' as never])
      .execute()
  ).length;
const acceptAll = async () => {
  for (const model of ['trader', 'hideoutmodule', 'quest', 'item'])
    expect((await send('GET', `/api/admin/acceptAllImportedModels/${model}`)).statusCode).toBe(200);
};
const live = (model: 'quest' | 'item' | 'trader' | 'hideoutmodule') =>
  findRecordsBy(env.t.db.kysely, getModel(model), 'gameId', 'g2');

describe('a tarkov.dev answer through the review', () => {
  it('a bad task is listed and skipped, the rest staged; only what is no answer is a 400; admins only; the game must exist', async () => {
    const bad = JSON.parse(answer);
    bad.data.tasks[1].minPlayerLevel = 'five';
    bad.data.tasks[4].trader = { id: 7 };
    const res = await send('POST', url, { source: 'tarkov.dev', content: JSON.stringify(bad) });
    expect(res.statusCode).toBe(200);
    expect(
      res.json().skipped.map((e: { record: string; field: string }) => `${e.record}.${e.field}`),
    ).toEqual([
      'tasks[1] "Shooting Cans".minPlayerLevel',
      'tasks[4] "Shortage".trader.id',
      'tasks[4] "Shortage".trader.name',
    ]);
    expect(res.json().staged.quest).toBe(7);
    for (const model of ['trader', 'hideoutmodule', 'quest', 'item'])
      await send('GET', `/api/admin/rejectAllImportedModels/${model}`);
    expect((await send('POST', url, { source: 'x', content: 'nope' })).json().errors[0]).toMatchObject({
      field: '(file)',
      message: expect.stringMatching(/^Not JSON/),
    });
    expect((await send('POST', url, { content: answer })).json().errors[0].field).toBe('body.source');
    expect(await stagedCount()).toBe(0);
    const player = await env.t.app.inject({
      method: 'POST',
      url,
      headers: env.player.auth,
      payload: { source: 'x', content: answer },
    });
    expect(player.statusCode).toBe(403);
    const missing = await send('POST', '/api/admin/games/nope/import/tarkov-dev', {
      source: 'x',
      content: answer,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('stages the whole answer; accepted, quests need all their prerequisites; the same answer again stages nothing', async () => {
    const first = await send('POST', url, { source: 'tarkov.dev', content: answer });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      staged: { trader: 3, hideoutmodule: 2, quest: 9, item: 3 },
      unchanged: 0,
      gone: 0,
    });
    expect(first.json().notes.length).toBeGreaterThan(0);
    expect(await stagedCount()).toBe(17);
    expect(await live('quest')).toHaveLength(0);
    await acceptAll();
    const quests = await live('quest');
    expect(quests).toHaveLength(9);
    const gunsmith = quests.find((q) => q.name === 'Gunsmith - Part 1')!;
    const byId = new Map(quests.map((q) => [q._id, q.name]));
    expect((gunsmith.requires as string[]).map((id) => byId.get(id))).toEqual(['Saving the Mole', 'Debut']);
    expect(byId.get(String(gunsmith.previous))).toBe('Saving the Mole');
    const kit = (await live('item')).find((i) => i.itemName === 'Salewa first aid kit')!;
    expect(kit.required).toHaveLength(3);
    const again = await send('POST', url, { source: 'tarkov.dev', content: answer });
    expect(again.json()).toMatchObject({
      staged: { trader: 0, hideoutmodule: 0, quest: 0, item: 0 },
      unchanged: 17,
      gone: 0,
    });
    expect(await stagedCount()).toBe(0);
  });

  it('a changed answer stages only the change and what is gone, flagging a record edited here', async () => {
    const quests = await live('quest');
    const debut = quests.find((q) => q.name === 'Debut')!;
    await env.t.app.ctx.writer.update(
      'quest',
      String(debut._id),
      { questLevel: 7 },
      { id: null, username: 'x' },
    );
    const changed = JSON.parse(answer);
    changed.data.tasks[3].minPlayerLevel = 3;
    changed.data.hideoutStations.pop();
    const res = await send('POST', url, { source: 'tarkov.dev', content: JSON.stringify(changed) });
    expect(res.json()).toMatchObject({
      staged: { trader: 0, hideoutmodule: 1, quest: 1, item: 0 },
      gone: 1,
      editedHere: 1,
    });
    await acceptAll();
    expect((await live('hideoutmodule')).map((m) => m.moduleTitle)).toEqual(['Medstation']);
    expect((await live('quest')).find((q) => q.name === 'Debut')?.questLevel).toBe(3);
  });

  it('stages a 400-task answer whole into another game, quests with two prerequisites included', async () => {
    await env.t.app.ctx.writer.create('game', { _id: 'g_big', name: 'Big' }, { id: null, username: 'x' });
    const content = JSON.stringify(generatedTarkovDevAnswer(400));
    const res = await send('POST', '/api/admin/games/g_big/import/tarkov-dev', {
      source: 'tarkov.dev',
      content,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().staged).toEqual({ trader: 9, hideoutmodule: 10, quest: 400, item: 300 });
    const staged = await env.t.db.kysely
      .selectFrom('importedcrudmodel' as never)
      .select(['data' as never])
      .where('type' as never, '=', 'quest' as never)
      .execute();
    const two = staged.filter(
      (r) => (JSON.parse((r as { data: string }).data).requires as string[]).length === 2,
    );
    expect(two).toHaveLength(130);
    for (const model of ['trader', 'hideoutmodule', 'quest', 'item'])
      await send('GET', `/api/admin/rejectAllImportedModels/${model}`);
  });

  it("stages tarkov.dev's own 499-task answer whole (Collector's 70 prerequisites kept); a bad task among them is listed and skipped, and not gone", async () => {
    const raw = gunzipSync(
      readFileSync(
        new URL(
          '../../../../../packages/shared/src/interop/fixtures/tarkov-dev-tasks.json.gz',
          import.meta.url,
        ),
      ),
    ).toString('utf8');
    // Counted from the file's text: one `normalizedName` per task, traders by their distinct names.
    const tasks = raw.match(/"normalizedName":/g)?.length ?? 0;
    const traders = new Set([...raw.matchAll(/"trader": \{\s*"name": "([^"]+)"/g)].map((m) => m[1])).size;
    expect(createHash('sha256').update(raw).digest('hex')).toBe(
      '0c5d8025cad0b0f7bccd426fa19a9d75ab9c198a62d84ce82e742bf5a3993b43',
    );
    expect(tasks).toBe(499);
    await env.t.app.ctx.writer.create('game', { _id: 'eft', name: 'EFT' }, { id: null, username: 'x' });
    const to = '/api/admin/games/eft/import/tarkov-dev';
    const res = await send('POST', to, { source: 'api.tarkov.dev', content: raw });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().skipped).toEqual([]);
    expect(res.json().staged).toMatchObject({ quest: tasks, trader: traders });
    // What its query did not ask for is noted once each, not refused.
    expect(
      res
        .json()
        .notes.filter((n: { record: string }) => n.record === '(answer)')
        .map((n: { field: string }) => n.field),
    ).toEqual(['tasks.minPlayerLevel', 'tasks.trader.id', 'tasks.objectives.type']);
    await acceptAll();
    const quests = await findRecordsBy(env.t.db.kysely, getModel('quest'), 'gameId', 'eft');
    expect(quests).toHaveLength(tasks);
    expect(quests.find((q) => q.name === 'Collector')?.requires).toHaveLength(70);

    const broken = JSON.parse(raw) as { name: string; minPlayerLevel?: unknown }[];
    const debut = broken.findIndex((t) => t.name === 'Debut');
    broken[debut]!.minPlayerLevel = 'five';
    const again = await send('POST', to, { source: 'api.tarkov.dev', content: JSON.stringify(broken) });
    expect(again.statusCode).toBe(200);
    expect(again.json().skipped).toEqual([
      expect.objectContaining({ record: `tasks[${debut}] "Debut"`, field: 'minPlayerLevel' }),
    ]);
    // Debut is still there (skipped, not gone), and the quests requiring it keep it: nothing else changes.
    expect(again.json()).toMatchObject({ gone: 0, staged: { quest: 0, trader: 0, item: 0 } });
    for (const model of ['trader', 'hideoutmodule', 'quest', 'item'])
      await send('GET', `/api/admin/rejectAllImportedModels/${model}`);
  }, 60_000);
});
