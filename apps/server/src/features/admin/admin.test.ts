import { getModel } from '@waypoint/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createModelTable } from '../../db/model-table.ts';
import { makePng } from '../../media/testImages.ts';
import { multipartFile } from '../../test/multipart.ts';
import { useTestApp } from '../../test/test-app.ts';
import { registerGadget } from '../../test/throwaway-model.ts';

const gadget = registerGadget();
const env = useTestApp();

const get = (url: string, as: 'admin' | 'player' = 'admin') =>
  env.t.app.inject({ method: 'GET', url, headers: env[as].auth });

const list = (model: string, q: Record<string, unknown>) => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q))
    params.set(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  return get(`/api/admin/list/${model}?${params}`);
};

beforeAll(async () => {
  await createModelTable(env.t.db.kysely as never, getModel('gadget' as never));
});

describe('a model registered at run time gets the generic API and admin with no code', () => {
  it('is described to the admin panel, as a child list of its parent too', async () => {
    const res = await get('/api/admin/models');
    expect(res.statusCode).toBe(200);
    const models = res.json() as { key: string; children: { model: string }[]; fields: { name: string }[] }[];
    const described = models.find((m) => m.key === 'gadget');
    expect(described?.fields.map((f) => f.name)).toEqual(Object.keys(gadget.fields));
    expect(models.find((m) => m.key === 'game')?.children.some((c) => c.model === 'gadget')).toBe(true);
    expect((await get('/api/admin/models', 'player')).statusCode).toBe(403);
  });

  it('creates, validates with field errors, lists, copies and deletes its records', async () => {
    const bad = await env.t.app.inject({
      method: 'PUT',
      url: '/api/admin/gadget',
      headers: env.admin.auth,
      payload: { _id: 'gx', gameId: 'g1', name: '', colour: 'red' },
    });
    expect(bad.statusCode).toBe(400);
    const fields = (bad.json().errors as { field: string }[]).map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['body.name', 'body.colour']));
    for (let i = 0; i < 25; i++) {
      const res = await env.t.app.inject({
        method: 'PUT',
        url: '/api/admin/gadget',
        headers: env.admin.auth,
        payload: {
          _id: `gadget_${i}`,
          gameId: 'g1',
          name: `Gadget ${i % 2 ? 'odd' : 'even'} ${i}`,
          weight: i,
        },
      });
      expect(res.statusCode).toBe(201);
    }
    const first = (await list('gadget', { where: { gameId: 'g1' } })).json();
    expect(first.count).toBe(25);
    expect(first.data).toHaveLength(10);
    expect(first.data[0]._id).toBe('gadget_24');
    const third = (await list('gadget', { where: { gameId: 'g1' }, skip: 20 })).json();
    expect(third.data.map((r: { _id: string }) => r._id)).toEqual([
      'gadget_4',
      'gadget_3',
      'gadget_2',
      'gadget_1',
      'gadget_0',
    ]);
    const odd = (await list('gadget', { filters: { name: 'ODD' }, sort: 'name', order: 'asc' })).json();
    expect(odd.count).toBe(12);
    expect(odd.data[0].name).toBe('Gadget odd 1');
    const byWeight = (await list('gadget', { filters: { weight: '2' } })).json();
    expect(byWeight.data.map((r: { weight: number }) => r.weight).sort()).toEqual([
      12, 2, 20, 21, 22, 23, 24,
    ]);
    const copy = await env.t.app.inject({
      method: 'PUT',
      url: '/api/admin/gadget/copy/gadget_1',
      headers: env.admin.auth,
      payload: { _id: 'gadget_1' },
    });
    expect(copy.statusCode).toBe(400);
    expect(copy.json().message).toBe('Duplicate Failure! Change the ID on the row to duplicate');
    const game = (await get('/api/game/g1')).json();
    expect(game.gadgets ?? []).toEqual([]);
    expect(
      (
        await env.t.app.inject({
          method: 'DELETE',
          url: '/api/admin/gadget/gadget_0',
          headers: env.admin.auth,
        })
      ).statusCode,
    ).toBe(200);
    expect((await list('gadget', {})).json().count).toBe(24);
  });

  it('refuses unknown columns, bad JSON and non-admins', async () => {
    expect((await list('gadget', { sort: 'nope' })).statusCode).toBe(400);
    expect((await list('gadget', { filters: { tags: 'a' } })).statusCode).toBe(400);
    expect((await get('/api/admin/list/gadget?where=%7B')).statusCode).toBe(400);
    expect((await get('/api/admin/list/nomodel')).statusCode).toBe(404);
    expect((await get('/api/admin/list/gadget', 'player')).statusCode).toBe(403);
  });
});

describe('admin lists of placed markers', () => {
  it('filter by map and substring (% and _ literal), sort and page in the database', async () => {
    const res = (
      await list('placedmarker', { where: { mapId: 'g1_map_a' }, filters: { name: 'crate' } })
    ).json();
    expect(res.count).toBe(5);
    const sorted = (
      await list('placedmarker', { where: { mapId: 'g1_map_a' }, sort: 'lat', order: 'asc', limit: 2 })
    ).json();
    expect(sorted.data.map((r: { lat: number }) => r.lat)).toEqual([-4, -3]);
    expect((await list('placedmarker', { filters: { name: '%' } })).json().count).toBe(0);
    expect((await list('placedmarker', { filters: { name: '_' } })).json().count).toBe(0);
  });
});

describe('map processing reports its progress', () => {
  it('reaches DONE at 100 percent, read live from the status route', async () => {
    const png = await makePng(700, 500, '#335577');
    const up = await env.t.app.inject({
      method: 'POST',
      url: '/api/admin/map/addImage/g1_map_b/mapImage',
      ...multipartFile(png, { auth: env.admin.auth }),
    });
    expect(up.statusCode).toBe(200);
    const queued = await env.t.app.inject({
      method: 'POST',
      url: '/api/admin/processMap/g1_map_b/g1',
      headers: env.admin.auth,
    });
    expect(queued.statusCode).toBe(202);
    expect(queued.json()).toMatchObject({ imageProcessStatus: 'PENDING', imageProcessProgress: 0 });
    await env.t.app.images.processor.whenIdle();
    const status = (await get('/api/admin/processMap/g1_map_b/status')).json();
    expect(status).toMatchObject({
      imageProcessStatus: 'DONE',
      imageProcessProgress: 100,
      imageProcessError: '',
    });
  });
});

describe('imports', () => {
  const json = `[
  {"_id": "imp_q1", "gameId": "g1", "name": "Imported one", "questLevel": 3},
  {"_id": "q1", "gameId": "g1", "name": "First steps, revised", "questLevel": 1},
  {"_id": "imp_bad", "gameId": "g1", "name": "", "questLevel": "high"},
  {"_id": "imp_q2", "gameId": "g1", "name": "Imported two", "previous": "imp_q1"}
]`;
  const csv =
    'name,_id,gameId,questLevel,objectives\nCSV quest,csv_q1,g1,4,"[""Find it""]"\nBad,csv_bad,g1,notanumber,\n';

  it('stages valid records without touching live data and reports bad ones by line and field', async () => {
    const res = await env.t.app.inject({
      method: 'POST',
      url: '/api/admin/import/quest',
      headers: env.admin.auth,
      payload: { fileName: 'quests.json', content: json },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.staged).toBe(3);
    expect(body.problems).toEqual(
      expect.arrayContaining([
        { line: 4, field: 'name', message: expect.any(String) },
        { line: 4, field: 'questLevel', message: expect.any(String) },
      ]),
    );
    const fromCsv = (
      await env.t.app.inject({
        method: 'POST',
        url: '/api/admin/import/quest',
        headers: env.admin.auth,
        payload: { fileName: 'quests.csv', content: csv },
      })
    ).json();
    expect(fromCsv.staged).toBe(1);
    expect(fromCsv.problems).toEqual([{ line: 3, field: 'questLevel', message: expect.any(String) }]);
    expect((await get('/api/quest/imp_q1')).statusCode).toBe(404);
    expect((await get('/api/quest/q1')).json().name).toBe('First steps');
  });

  it('lists staged records with their stored counterparts, sorted and filtered', async () => {
    const page = (await get('/api/admin/importedModels/quest')).json();
    expect(page.count).toBe(4);
    const byId = Object.fromEntries(page.data.map((r: { recordId: string }) => [r.recordId, r]));
    expect(byId.q1.isNew).toBe(false);
    expect(byId.q1.stored.name).toBe('First steps');
    expect(byId.q1.imported.name).toBe('First steps, revised');
    expect(byId.imp_q1.isNew).toBe(true);
    expect(byId.csv_q1.imported.objectives).toEqual(['Find it']);
    const filtered = (
      await get(`/api/admin/importedModels/quest?filters=${encodeURIComponent('{"recordId":"csv"}')}`)
    ).json();
    expect(filtered.count).toBe(1);
  });

  it('accepts all new records only, through the write path with audit entries', async () => {
    const res = await get('/api/admin/acceptAllNewImportedModels/quest');
    expect(res.statusCode).toBe(200);
    expect(res.json().accepted).toBe(3);
    expect((await get('/api/quest/imp_q2')).json().previous).toBe('imp_q1');
    expect((await get('/api/quest/q1')).json().name).toBe('First steps');
    const audit = await env.t.db.kysely
      .selectFrom('audit_log')
      .select(['recordId', 'action'])
      .where('model', '=', 'quest')
      .where('recordId', 'in', ['imp_q1', 'imp_q2', 'csv_q1'])
      .execute();
    expect(audit).toHaveLength(3);
    const left = (await get('/api/admin/importedModels/quest')).json();
    expect(left.data.map((r: { recordId: string }) => r.recordId)).toEqual(['q1']);
    const one = await get(`/api/admin/acceptImportedModel/quest/${left.data[0]._id}`);
    expect(one.json().accepted).toBe(1);
    expect((await get('/api/quest/q1')).json().name).toBe('First steps, revised');
  });

  it("a record staged through the generic API in SPEC's shape is compared with and accepted onto the stored record of its data's id", async () => {
    const stored = (await get('/api/quest/q1')).json();
    const put = await env.t.app.inject({
      method: 'PUT',
      url: '/api/admin/importedcrudmodel',
      headers: env.admin.auth,
      payload: {
        _id: 'spec_staged_q1',
        type: 'quest',
        data: JSON.stringify({ ...stored, images: undefined, name: 'Staged by API' }),
      },
    });
    expect(put.statusCode).toBe(201);
    expect(put.json().recordId).toBe('q1');
    const page = (await get('/api/admin/importedModels/quest')).json();
    const row = page.data.find((r: { _id: string }) => r._id === 'spec_staged_q1');
    expect(row.isNew).toBe(false);
    expect(row.stored.name).toBe(stored.name);
    const accepted = await get('/api/admin/acceptImportedModel/quest/spec_staged_q1');
    expect(accepted.statusCode).toBe(200);
    expect((await get('/api/quest/q1')).json().name).toBe('Staged by API');
    // An edit of the staged data moves its counterpart with it.
    await env.t.app.inject({
      method: 'PUT',
      url: '/api/admin/importedcrudmodel',
      headers: env.admin.auth,
      payload: { _id: 'spec_staged_2', type: 'quest', data: JSON.stringify({ _id: 'q1' }) },
    });
    const patched = await env.t.app.inject({
      method: 'PATCH',
      url: '/api/admin/importedcrudmodel/spec_staged_2',
      headers: env.admin.auth,
      payload: { data: JSON.stringify({ _id: 'brand_new_quest' }) },
    });
    expect(patched.json().recordId).toBe('brand_new_quest');
    await get('/api/admin/rejectImportedModel/quest/spec_staged_2');
    await env.t.app.inject({
      method: 'PATCH',
      url: '/api/admin/quest/q1',
      headers: env.admin.auth,
      payload: { name: stored.name },
    });
  });

  it('rejects staged records without writing', async () => {
    await env.t.app.inject({
      method: 'POST',
      url: '/api/admin/import/quest',
      headers: env.admin.auth,
      payload: { fileName: 'q.json', content: '[{"_id":"never","gameId":"g1","name":"Never"}]' },
    });
    expect((await get('/api/admin/rejectAllImportedModels/quest')).json().rejected).toBe(1);
    expect((await get('/api/quest/never')).statusCode).toBe(404);
    expect((await get('/api/admin/acceptAllImportedModels/quest', 'player')).statusCode).toBe(403);
  });
});
