import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pinsMessages } from '@waypoint/shared/pins/pins-messages';
import { MAX_SHARES_PER_MAP } from '@waypoint/shared/pins/shares';
import { describe, expect, it } from 'vitest';
import { createUser, type TestUser, useTestApp } from '../../test/test-app.ts';

// The per-map cap is reached faster than a player would: the per-minute limit does not stand in the way.
const env = useTestApp({ overrides: { pinShareRateLimit: 1000 } });

const send = (
  method: 'GET' | 'POST' | 'DELETE' | 'PATCH',
  url: string,
  user: TestUser | null,
  body?: object,
) =>
  env.t.app.inject({
    method,
    url,
    headers: user ? user.auth : {},
    ...(body === undefined ? {} : { payload: body }),
  });

async function placePins(user: TestUser, names: string[], mapId = 'g1_map_a') {
  const ids: string[] = [];
  for (const [i, name] of names.entries()) {
    const res = await send('POST', `/api/user/pins/${mapId}`, user, {
      name,
      note: `note ${name}`,
      x: 10 + i,
      y: 20,
    });
    expect(res.statusCode).toBe(201);
    ids.push(res.json().id);
  }
  return ids;
}

describe('read-only links to own pins', () => {
  it('shows the chosen pins to anyone, as they are now, until the owner withdraws the link', async () => {
    const owner = await createUser(env.t);
    const [a, b, hidden] = await placePins(owner, ['Cache', 'Boat', 'Secret']);
    const made = await send('POST', '/api/user/pin-shares/g1_map_a', owner, {
      pinIds: [b, a],
      title: 'Route for tonight',
    });
    expect(made.statusCode).toBe(201);
    const share = made.json();
    expect(share).toMatchObject({
      mapId: 'g1_map_a',
      title: 'Route for tonight',
      showName: false,
      pinCount: 2,
      routeStops: 0,
    });
    expect(share.id).toMatch(/^[0-9a-f]{32}$/);

    // A guest with the link: the two pins in the order chosen, no owner, no pin ids or times, not cached.
    const read = await send('GET', `/api/pin-share/${share.id}`, null);
    expect(read.statusCode).toBe(200);
    expect(read.headers['cache-control']).toBe('no-store');
    const shown = read.json();
    expect(shown).toEqual({
      id: share.id,
      gameId: 'g1',
      mapId: 'g1_map_a',
      title: 'Route for tonight',
      owner: null,
      pins: [
        { id: '0', name: 'Boat', note: 'note Boat', colour: expect.any(String), level: -1, x: 11, y: 20 },
        { id: '1', name: 'Cache', note: 'note Cache', colour: expect.any(String), level: -1, x: 10, y: 20 },
      ],
      route: null,
    });
    expect(JSON.stringify(shown)).not.toContain('Secret');
    expect(JSON.stringify(shown)).not.toContain(owner.username);
    expect(JSON.stringify(shown)).not.toContain(a!);

    // A change of a pin shows; a deleted pin leaves the link; a pin not shared never shows.
    await send('PATCH', `/api/user/pins/g1_map_a/${a}`, owner, { name: 'Big cache' });
    await send('DELETE', `/api/user/pins/g1_map_a/${b}`, owner);
    const after = (await send('GET', `/api/pin-share/${share.id}`, null)).json();
    expect(after.pins.map((p: { name: string }) => p.name)).toEqual(['Big cache']);
    expect(hidden).toBeDefined();

    // The owner's list; another player (even an admin) sees none of it and cannot withdraw it.
    const list = await send('GET', '/api/user/pin-shares/g1_map_a', owner);
    expect(list.headers['cache-control']).toBe('private, no-store');
    expect(list.json()).toEqual([{ ...share, pinCount: 1 }]);
    for (const other of [await createUser(env.t), env.admin]) {
      expect((await send('GET', '/api/user/pin-shares/g1_map_a', other)).json()).toEqual([]);
      expect((await send('DELETE', `/api/user/pin-shares/g1_map_a/${share.id}`, other)).statusCode).toBe(404);
    }
    expect((await send('GET', `/api/pin-share/${share.id}`, null)).statusCode).toBe(200);

    expect((await send('DELETE', `/api/user/pin-shares/g1_map_a/${share.id}`, owner)).statusCode).toBe(204);
    const gone = await send('GET', `/api/pin-share/${share.id}`, null);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('This shared set of pins does not exist or was withdrawn');
    expect((await send('GET', '/api/user/pin-shares/g1_map_a', owner)).json()).toEqual([]);
  });

  it('shows a shared route, alone or with pins, and refuses one off the map, naming the point', async () => {
    const owner = await createUser(env.t);
    const route = {
      points: [
        [10, 10],
        [40.5, 12],
        [80, 90],
      ],
    };
    const made = await send('POST', '/api/user/pin-shares/g1_map_a', owner, { route, title: 'Loot run' });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ pinCount: 0, routeStops: 2, title: 'Loot run' });
    const shown = (await send('GET', `/api/pin-share/${made.json().id}`, null)).json();
    expect(shown).toMatchObject({ pins: [], route: { points: route.points, level: -1 } });
    expect((await send('GET', '/api/user/pin-shares/g1_map_a', owner)).json()).toMatchObject([
      { routeStops: 2, pinCount: 0 },
    ]);

    const [pin] = await placePins(owner, ['Start']);
    const both = await send('POST', '/api/user/pin-shares/g1_map_a', owner, { route, pinIds: [pin] });
    expect(both.json()).toMatchObject({ pinCount: 1, routeStops: 2 });

    const cases: [object, string][] = [
      [
        {
          route: {
            points: [
              [10, 10],
              [1_000_000, 10],
            ],
          },
        },
        'body.route.points.1',
      ],
      [{ route: { points: [[10, 10]] } }, 'body.route.points'],
      [
        {
          route: {
            points: [
              [10, 10],
              [20, -1],
            ],
          },
        },
        'body.route.points.1.1',
      ],
      [
        {
          route: {
            points: [
              [10, 10],
              [20, 20],
            ],
            level: 7,
          },
        },
        'body.route.level',
      ],
      [
        {
          route: {
            points: [
              [10, 10],
              [20, 20],
            ],
            colour: 'red',
          },
        },
        'body.route',
      ],
    ];
    for (const [body, field] of cases) {
      const res = await send('POST', '/api/user/pin-shares/g1_map_a', owner, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const fields = res.json().errors.map((e: { field: string }) => e.field);
      expect(fields, JSON.stringify(body)).toContain(field);
    }
  });

  it('names the owner only when they chose to show their username', async () => {
    const owner = await createUser(env.t);
    const [a] = await placePins(owner, ['Spot']);
    const share = (
      await send('POST', '/api/user/pin-shares/g1_map_a', owner, { pinIds: [a], showName: true })
    ).json();
    expect((await send('GET', `/api/pin-share/${share.id}`, null)).json().owner).toBe(owner.username);
  });

  it("refuses another player's pins, pins of another map, no pins and bad ids, naming the field", async () => {
    const owner = await createUser(env.t);
    const other = await createUser(env.t);
    const [mine] = await placePins(owner, ['Mine']);
    const [theirs] = await placePins(other, ['Theirs']);
    const [elsewhere] = await placePins(owner, ['Elsewhere'], 'g1_map_b');
    const cases: [object, string][] = [
      [{ pinIds: [mine, theirs] }, 'body.pinIds.1'],
      [{ pinIds: [elsewhere] }, 'body.pinIds.0'],
      [{ pinIds: [] }, 'body.pinIds'],
      [{ pinIds: ['../x'] }, 'body.pinIds.0'],
      [{ pinIds: [mine], title: 'x'.repeat(101) }, 'body.title'],
      [{ pinIds: [mine], showName: 'yes' }, 'body.showName'],
      [{ pinIds: [mine], owner: 'me' }, 'body'],
    ];
    for (const [body, field] of cases) {
      const res = await send('POST', '/api/user/pin-shares/g1_map_a', owner, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const fields = res.json().errors.map((e: { field: string }) => e.field);
      expect(
        fields.some((f: string) => f === field || f.startsWith(`${field}.`)),
        JSON.stringify(fields),
      ).toBe(true);
    }
    expect((await send('GET', '/api/user/pin-shares/g1_map_a', owner)).json()).toEqual([]);
    expect((await send('POST', '/api/user/pin-shares/g1_map_a', null, { pinIds: [mine] })).statusCode).toBe(
      401,
    );
    expect((await send('GET', '/api/pin-share/not-a-link', null)).statusCode).toBe(400);
    expect((await send('GET', `/api/pin-share/${'0'.repeat(32)}`, null)).statusCode).toBe(404);
    // A hidden map's links show nothing to anyone.
    expect((await send('POST', '/api/user/pin-shares/g1_hidden', owner, { pinIds: [mine] })).statusCode).toBe(
      404,
    );
  });

  it(`keeps at most ${MAX_SHARES_PER_MAP} links per player and map`, async () => {
    const owner = await createUser(env.t);
    const [a] = await placePins(owner, ['One']);
    for (let i = 0; i < MAX_SHARES_PER_MAP; i++) {
      expect((await send('POST', '/api/user/pin-shares/g1_map_a', owner, { pinIds: [a] })).statusCode).toBe(
        201,
      );
    }
    const over = await send('POST', '/api/user/pin-shares/g1_map_a', owner, { pinIds: [a] });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(`You can have at most ${MAX_SHARES_PER_MAP} links on one map`);
  });

  it('goes with its owner', async () => {
    const owner = await createUser(env.t);
    const [a] = await placePins(owner, ['Gone soon']);
    const share = (await send('POST', '/api/user/pin-shares/g1_map_a', owner, { pinIds: [a] })).json();
    // biome-ignore lint/suspicious/noExplicitAny: the user table is declared in the schema
    await (env.t.db.kysely as any).deleteFrom('user').where('id', '=', owner.id).execute();
    expect((await send('GET', `/api/pin-share/${share.id}`, null)).statusCode).toBe(404);
  });
});

describe('what the share dialog says a link shows', () => {
  it('names every field of a pin the link answers, notes included (English and German)', async () => {
    const owner = await createUser(env.t);
    const [pinId] = await placePins(owner, ['Hint check']);
    const made = await send('POST', '/api/user/pin-shares/g1_map_a', owner, { pinIds: [pinId] });
    expect(made.statusCode, made.body).toBe(201);
    const shown = (await send('GET', `/api/pin-share/${made.json().id}`, null)).json();
    const words = { name: ['name', 'Name'], note: ['note', 'Notiz'], colour: ['colour', 'Farbe'] };
    const german = JSON.parse(
      readFileSync(path.join(import.meta.dirname, '../../../../web/src/i18n/locales/de/pins.json'), 'utf8'),
    )['pins.shareHint'] as string;
    for (const [field, [en, de]] of Object.entries(words)) {
      expect(Object.keys(shown.pins[0])).toContain(field);
      expect(pinsMessages.shareHint).toContain(en);
      expect(german).toContain(de);
    }
  });
});
