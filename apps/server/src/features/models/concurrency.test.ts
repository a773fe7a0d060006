import { describe, expect, it } from 'vitest';
import { makePng } from '../../media/testImages.ts';
import { multipartFile } from '../../test/multipart.ts';
import { useTestApp } from '../../test/test-app.ts';

// Runs on whichever engine TEST_DATABASE_URL selects; PostgreSQL's pool makes these requests
// really run side by side.
const env = useTestApp();

const inject = (method: 'PUT' | 'PATCH' | 'DELETE' | 'GET', url: string, payload?: unknown) =>
  env.t.app.inject({ method, url, headers: env.admin.auth, ...(payload ? { payload } : {}) });

async function auditRows(recordId: string, action: string) {
  return env.t.db.kysely
    .selectFrom('audit_log')
    .selectAll()
    .where('recordId', '=', recordId)
    .where('action', '=', action)
    .execute();
}

describe('concurrent writes', () => {
  it('keeps every field of parallel PATCHes of one record', async () => {
    expect(
      (await inject('PUT', '/api/admin/markerdefinition', { _id: 'busy', gameId: 'g1', name: 'Busy' }))
        .statusCode,
    ).toBe(201);
    const patches: Record<string, unknown>[] = [
      { name: 'Renamed' },
      { description: '<p>Described</p>' },
      { key: 'k1' },
      { markerCategory: 'Loot' },
      { wrapperColor: '#111111' },
      { innerColor: '#222222' },
      { polygonColor: '#333333' },
      { width: 40 },
      { height: 41 },
      { showNameLabel: true },
      { divIconClassName: 'pin' },
      { authorName: 'Someone' },
    ];
    const answers = await Promise.all(
      patches.map((p) => inject('PATCH', '/api/admin/markerdefinition/busy', p)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(patches.map(() => 200));
    const stored = (await inject('GET', '/api/markerdefinition/busy')).json();
    expect(stored).toMatchObject(Object.assign({}, ...patches));
  });

  it('answers one 201 and otherwise 409 for parallel creates with one id', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        inject('PUT', '/api/admin/trader', { _id: 'twin', gameId: 'g1', name: `T${i}` }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toBe('Trader already exists: twin');
    expect(await auditRows('twin', 'create')).toHaveLength(1);
  });

  it('answers one 201 and otherwise 409 for parallel copies to one id', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => inject('PUT', '/api/admin/quest/copy/q1', { _id: 'q1_copy' })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
  });

  it('deletes once: one 200, the rest 404, one audit row', async () => {
    await inject('PUT', '/api/admin/trader', { _id: 'doomed_trader', gameId: 'g1', name: 'Doomed' });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => inject('DELETE', '/api/admin/trader/doomed_trader')),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 404, 404, 404, 404, 404, 404, 404]);
    expect(await auditRows('doomed_trader', 'delete')).toHaveLength(1);
  });

  it('keeps an image added while a PATCH runs, and parallel images of different fields', async () => {
    const png = await makePng(40, 30);
    const up = (field: string) => {
      const body = multipartFile(png);
      return env.t.app.inject({
        method: 'POST',
        url: `/api/admin/game/addImage/g2/${field}`,
        payload: body.payload,
        headers: { ...body.headers, ...env.admin.auth },
      });
    };
    const answers = await Promise.all([
      up('image'),
      up('icon'),
      inject('PATCH', '/api/admin/game/g2', { name: 'Game Two renamed' }),
      inject('PATCH', '/api/admin/game/g2', { weight: 12 }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    const game = (await inject('GET', '/api/game/g2')).json();
    expect(Object.keys(game.images).sort()).toEqual(['icon', 'image']);
    expect(game).toMatchObject({ name: 'Game Two renamed', weight: 12 });
  });
});
