import { constants } from '@waypoint/shared/constants';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.ts';

const env = useTestApp();

const send = (method: 'PUT' | 'PATCH' | 'POST', url: string, payload: unknown) =>
  env.t.app.inject({ method, url, headers: env.admin.auth, payload: payload as never });
const quest = async (id: string) =>
  (await env.t.app.inject({ method: 'GET', url: `/api/quest/${id}` })).json();

describe('a quest requiring several earlier quests', () => {
  it('is written with all of them, previous being the first', async () => {
    const res = await send('PUT', '/api/admin/quest', {
      _id: 'q_both',
      gameId: 'g1',
      name: 'Needs both',
      requires: ['q2', 'q1'],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ previous: 'q2', requires: ['q2', 'q1'] });
    expect(await quest('q_both')).toMatchObject({ previous: 'q2', requires: ['q2', 'q1'] });
  });

  it('keeps the SPEC API working: a quest written with only previous requires it', async () => {
    expect((await quest('q2')).requires).toEqual(['q1']);
    const res = await send('PUT', '/api/admin/quest', {
      _id: 'q_old',
      gameId: 'g1',
      name: 'Old',
      previous: 'q1',
    });
    expect(res.json()).toMatchObject({ previous: 'q1', requires: ['q1'] });
  });

  it('replaces the first prerequisite when an update names only previous, and clears all with an empty one', async () => {
    await send('PUT', '/api/admin/quest', { _id: 'q3', gameId: 'g1', name: 'Third' });
    const patched = await send('PATCH', '/api/admin/quest/q_both', { previous: 'q3' });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ previous: 'q3', requires: ['q3', 'q1'] });
    const renamed = await send('PATCH', '/api/admin/quest/q_both', { name: 'Needs both, renamed' });
    expect(renamed.json()).toMatchObject({ previous: 'q3', requires: ['q3', 'q1'] });
    const byList = await send('PATCH', '/api/admin/quest/q_both', { requires: ['q1', 'q2', 'q3'] });
    expect(byList.json()).toMatchObject({ previous: 'q1', requires: ['q1', 'q2', 'q3'] });
    const cleared = await send('PATCH', '/api/admin/quest/q_both', { previous: '' });
    expect(cleared.json()).toMatchObject({ previous: '', requires: [] });
  });

  it('refuses a missing, malformed or own id with a 400 naming the field, and stores nothing', async () => {
    for (const [requires, message] of [
      [['q1', 'nope'], /nope/],
      [['q1', '../x'], /Requires/],
      [['q_self'], /itself/],
    ] as const) {
      const res = await send('PUT', '/api/admin/quest', {
        _id: 'q_self',
        gameId: 'g1',
        name: 'Self',
        requires,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
      expect(res.json().errors[0].field).toMatch(/^body\.requires/);
    }
    expect((await env.t.app.inject({ method: 'GET', url: '/api/quest/q_self' })).statusCode).toBe(404);
    const tooMany = Array.from({ length: constants.maxQuestPrerequisites + 1 }, () => 'q1');
    const res = await send('PATCH', '/api/admin/quest/q2', { requires: tooMany });
    expect(res.statusCode).toBe(400);
    const spec = await send('PATCH', '/api/admin/quest/q2', { previous: 'nope' });
    expect(spec.json().errors[0].field).toBe('body.previous');
    expect((await quest('q2')).requires).toEqual(['q1']);
  });

  it('imports quests requiring each other in any file order and accepts them in prerequisite order', async () => {
    const content = JSON.stringify([
      { _id: 'imp_c', gameId: 'g1', name: 'Needs a and b', requires: ['imp_a', 'imp_b'] },
      { _id: 'imp_b', gameId: 'g1', name: 'Needs a', requires: ['imp_a'] },
      { _id: 'imp_a', gameId: 'g1', name: 'First' },
    ]);
    const staged = await send('POST', '/api/admin/import/quest', { fileName: 'q.json', content });
    expect(staged.statusCode).toBe(200);
    const accepted = await env.t.app.inject({
      method: 'GET',
      url: '/api/admin/acceptAllNewImportedModels/quest',
      headers: env.admin.auth,
    });
    expect(accepted.json().accepted).toBe(3);
    expect(await quest('imp_c')).toMatchObject({ previous: 'imp_a', requires: ['imp_a', 'imp_b'] });
  });

  it('refuses a whole accept when one new record names a record gone since staging; accepted ones are audited', async () => {
    await send('PUT', '/api/admin/quest', { _id: 'q_staging', gameId: 'g1', name: 'There when staged' });
    const content = JSON.stringify([
      { _id: 'imp_fine', gameId: 'g1', name: 'Fine' },
      { _id: 'imp_late', gameId: 'g1', name: 'Late', requires: ['q_staging'] },
    ]);
    expect(
      (await send('POST', '/api/admin/import/quest', { fileName: 'late.json', content })).statusCode,
    ).toBe(200);
    await env.t.app.inject({ method: 'DELETE', url: '/api/admin/quest/q_staging', headers: env.admin.auth });
    const accept = () =>
      env.t.app.inject({
        method: 'GET',
        url: '/api/admin/acceptAllImportedModels/quest',
        headers: env.admin.auth,
      });
    const refused = await accept();
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].field).toMatch(/^body\.(requires|previous)/);
    expect(refused.json().message).toContain('q_staging');
    // Nothing was written, and both records are still waiting for review.
    for (const id of ['imp_fine', 'imp_late'])
      expect((await env.t.app.inject({ method: 'GET', url: `/api/quest/${id}` })).statusCode).toBe(404);
    const waiting = await sql<{ recordId: string }>`select "recordId" from importedcrudmodel
      where type = 'quest' order by "recordId"`.execute(env.t.db.kysely);
    expect(waiting.rows.map((r) => r.recordId)).toEqual(['imp_fine', 'imp_late']);
    await send('PUT', '/api/admin/quest', { _id: 'q_staging', gameId: 'g1', name: 'Back again' });
    expect((await accept()).json().accepted).toBe(2);
    expect(await quest('imp_late')).toMatchObject({ requires: ['q_staging'] });
    const audit = await env.t.db.kysely
      .selectFrom('audit_log')
      .select(['recordId', 'userId'])
      .where('recordId', 'in', ['imp_fine', 'imp_late'])
      .where('action', '=', 'create')
      .execute();
    expect(audit.map((a) => a.recordId).sort()).toEqual(['imp_fine', 'imp_late']);
    expect(audit.every((a) => a.userId === env.admin.id)).toBe(true);
  });

  it('accepts an import file of the SPEC shape (previous only) over a stored quest without losing it', async () => {
    const content = JSON.stringify([{ _id: 'q_old', gameId: 'g1', name: 'Old', previous: 'q2' }]);
    expect(
      (await send('POST', '/api/admin/import/quest', { fileName: 'old.json', content })).statusCode,
    ).toBe(200);
    const accepted = await env.t.app.inject({
      method: 'GET',
      url: '/api/admin/acceptAllImportedModels/quest',
      headers: env.admin.auth,
    });
    expect(accepted.statusCode).toBe(200);
    expect(await quest('q_old')).toMatchObject({ previous: 'q2', requires: ['q2'] });
  });

  it('deleting a quest takes it out of every quest and marker that named it, audited', async () => {
    await send('PUT', '/api/admin/quest', { _id: 'q_gone', gameId: 'g1', name: 'Gone' });
    await send('PUT', '/api/admin/quest', { _id: 'q_stays', gameId: 'g1', name: 'Stays' });
    await send('PUT', '/api/admin/quest', {
      _id: 'q_after',
      gameId: 'g1',
      name: 'After',
      requires: ['q_gone', 'q_stays'],
    });
    await send('PUT', '/api/admin/quest', { _id: 'q_only', gameId: 'g1', name: 'Only', previous: 'q_gone' });
    const marker = await send('PUT', '/api/admin/placedmarker', {
      _id: 'pm_of_gone',
      mapId: 'g1_map_b',
      markerDefinitionId: 'def_loot',
      questId: 'q_gone',
    });
    expect(marker.statusCode).toBe(201);
    const del = await env.t.app.inject({
      method: 'DELETE',
      url: '/api/admin/quest/q_gone',
      headers: env.admin.auth,
    });
    expect(del.statusCode).toBe(200);
    // The other prerequisite stays and becomes the first; a quest that needed only the gone one needs none.
    expect(await quest('q_after')).toMatchObject({ previous: 'q_stays', requires: ['q_stays'] });
    expect(await quest('q_only')).toMatchObject({ previous: '', requires: [] });
    const pm = await env.t.app.inject({ method: 'GET', url: '/api/placedmarker/pm_of_gone' });
    expect(pm.json()).toMatchObject({ questId: '' });
    const audit = await env.t.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('recordId', 'in', ['q_after', 'q_only', 'pm_of_gone'])
      .where('action', '=', 'update')
      .execute();
    expect(audit.map((a) => a.recordId).sort()).toEqual(['pm_of_gone', 'q_after', 'q_only']);
    expect(audit.every((a) => a.userId === env.admin.id)).toBe(true);
  });
});
