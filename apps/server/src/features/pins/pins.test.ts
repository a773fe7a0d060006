import { MAX_NOTE_LENGTH, MAX_PINS_PER_MAP } from '@waypoint/shared/pins/schemas';
import { describe, expect, it } from 'vitest';
import { createUser, type TestUser, useTestApp } from '../../test/test-app.ts';
import { insertPins } from './pins.repository.ts';

const env = useTestApp();

const send = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT',
  url: string,
  user: TestUser | null,
  body?: unknown,
) =>
  env.t.app.inject({
    method,
    url,
    headers: user ? user.auth : {},
    ...(body === undefined ? {} : { payload: body as object }),
  });

const pin = { name: 'Stash', note: 'Behind the <b>barn</b> & well', colour: 'blue', x: 100, y: 200 };

describe('own pins', () => {
  it('places, lists, changes and deletes a pin, its text kept as written', async () => {
    const me = await createUser(env.t);
    const created = await send('POST', '/api/user/pins/g1_map_a', me, pin);
    expect(created.statusCode).toBe(201);
    expect(created.headers['cache-control']).toBe('private, no-store');
    const stored = created.json();
    expect(stored).toMatchObject({ ...pin, level: -1, mapId: 'g1_map_a' });
    expect(stored.id).toMatch(/^pin_/);

    const list = await send('GET', '/api/user/pins/g1_map_a', me);
    expect(list.headers['cache-control']).toBe('private, no-store');
    expect(list.json()).toEqual({ mapId: 'g1_map_a', pins: [stored], notes: [] });

    const changed = await send('PATCH', `/api/user/pins/g1_map_a/${stored.id}`, me, {
      name: 'Big stash',
      x: 5,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ name: 'Big stash', x: 5, y: 200, note: pin.note });
    expect((await send('GET', '/api/user/pins/g1_map_a', me)).json().pins[0].name).toBe('Big stash');

    expect((await send('DELETE', `/api/user/pins/g1_map_a/${stored.id}`, me)).statusCode).toBe(204);
    expect((await send('GET', '/api/user/pins/g1_map_a', me)).json().pins).toEqual([]);
    expect((await send('DELETE', `/api/user/pins/g1_map_a/${stored.id}`, me)).statusCode).toBe(404);
  });

  it('makes a create sent again with its id one pin (an offline replay)', async () => {
    const me = await createUser(env.t);
    const body = { ...pin, id: 'pin_replayed_0001' };
    expect((await send('POST', '/api/user/pins/g1_map_a', me, body)).statusCode).toBe(201);
    const again = await send('POST', '/api/user/pins/g1_map_a', me, { ...body, name: 'Other' });
    expect(again.statusCode).toBe(200);
    expect(again.json().name).toBe('Stash');
    expect((await send('GET', '/api/user/pins/g1_map_a', me)).json().pins).toHaveLength(1);
    // Another player cannot take the id, nor learn anything of the pin.
    const other = await createUser(env.t);
    const taken = await send('POST', '/api/user/pins/g1_map_a', other, body);
    const nobodys = await send('PATCH', '/api/user/pins/g1_map_a/pin_replayed_0001', other, { name: 'x' });
    expect(taken.statusCode).toBe(404);
    expect(taken.json()).toEqual(nobodys.json());
    expect(taken.body).not.toContain('Stash');
    expect(taken.body).not.toMatch(/exists/i);
  });

  it('refuses bad input with a 400 naming the field, and stores nothing', async () => {
    const me = await createUser(env.t);
    const cases: [unknown, string][] = [
      [{ ...pin, name: '' }, 'body.name'],
      [{ ...pin, name: 'x'.repeat(101) }, 'body.name'],
      [{ ...pin, note: 'x'.repeat(MAX_NOTE_LENGTH + 1) }, 'body.note'],
      [{ ...pin, colour: 'pink' }, 'body.colour'],
      [{ ...pin, x: -1 }, 'body.x'],
      [{ ...pin, y: 'up' }, 'body.y'],
      [{ ...pin, x: 4097 }, 'body.x'],
      [{ ...pin, y: 5000 }, 'body.y'],
      [{ ...pin, level: 2 }, 'body.level'],
      [{ ...pin, level: 1.5 }, 'body.level'],
      [{ ...pin, html: '<p>' }, 'body'],
      [{ ...pin, id: 'not a pin id' }, 'body.id'],
    ];
    for (const [body, field] of cases) {
      const res = await send('POST', '/api/user/pins/g1_map_a', me, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    const note = await send('POST', '/api/user/pins/g1_map_a', me, {
      ...pin,
      note: 'x'.repeat(MAX_NOTE_LENGTH + 1),
    });
    expect(note.json().errors[0].message).toBe(`A note can be at most ${MAX_NOTE_LENGTH} characters`);
    expect((await send('GET', '/api/user/pins/g1_map_a', me)).json().pins).toEqual([]);
    const placed = (await send('POST', '/api/user/pins/g1_map_a', me, pin)).json();
    const moved = await send('PATCH', `/api/user/pins/g1_map_a/${placed.id}`, me, { x: 99_999 });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().errors[0].field).toBe('body.x');
    expect((await send('GET', '/api/user/pins/g1_map_a', me)).json().pins[0].x).toBe(100);
  });

  it('answers 404 for an unknown map, and a disabled one to players', async () => {
    const me = await createUser(env.t);
    expect((await send('GET', '/api/user/pins/nope', me)).statusCode).toBe(404);
    expect((await send('POST', '/api/user/pins/g1_hidden', me, pin)).statusCode).toBe(404);
    expect((await send('POST', '/api/user/pins/g1_hidden', env.admin, pin)).statusCode).toBe(201);
  });

  it('keeps a floor: a level the map has, or every floor', async () => {
    const me = await createUser(env.t);
    const actor = { id: null, username: 'test' };
    await env.t.app.ctx.writer.create(
      'maplevel',
      { _id: 'g1_map_b_l1', mapId: 'g1_map_b', level: 1, name: 'Cellar' },
      actor,
    );
    const res = await send('POST', '/api/user/pins/g1_map_b', me, { ...pin, level: 1 });
    expect(res.statusCode).toBe(201);
    expect(res.json().level).toBe(1);
    expect(
      (await send('POST', '/api/user/pins/g1_map_b', me, { ...pin, level: 3 })).json().errors[0],
    ).toEqual({
      field: 'body.level',
      message: 'The map has no floor 3',
    });
  });
});

describe('the cap of pins per player and map', () => {
  async function fillTo(user: TestUser, count: number) {
    const now = new Date().toISOString();
    await insertPins(
      env.t.db.kysely,
      Array.from({ length: count }, (_, i) => ({
        id: `pin_fill_${user.id.slice(0, 8)}_${i}`,
        userId: user.id,
        mapId: 'g1_map_a',
        name: `Pin ${i}`,
        note: '',
        colour: 'red',
        level: -1,
        x: i % 4000,
        y: 1,
        createdAt: now,
        updatedAt: now,
      })),
    );
  }

  it('refuses the pin beyond the cap with a 409, on that map only', async () => {
    const me = await createUser(env.t);
    await fillTo(me, MAX_PINS_PER_MAP);
    const over = await send('POST', '/api/user/pins/g1_map_a', me, pin);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(`You can place at most ${MAX_PINS_PER_MAP} pins on one map`);
    expect((await send('POST', '/api/user/pins/g1_map_b', me, pin)).statusCode).toBe(201);
  });

  it('lets exactly one of two parallel creates at the last free place through', async () => {
    const me = await createUser(env.t);
    await fillTo(me, MAX_PINS_PER_MAP - 1);
    // Each create on its own connection, as two server processes would (PostgreSQL); SQLite takes them in turn.
    const results = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        send('POST', '/api/user/pins/g1_map_a', me, { ...pin, name: `Race ${i}` }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    expect((await send('GET', '/api/user/pins/g1_map_a', me)).json().pins).toHaveLength(MAX_PINS_PER_MAP);
  });
});

describe('notes on placed markers', () => {
  it('sets, changes and removes a note, private to its author', async () => {
    const me = await createUser(env.t);
    const other = await createUser(env.t);
    const set = await send('PUT', '/api/user/marker-notes/pm_1', me, { note: 'Key <i>inside</i>' });
    expect(set.statusCode).toBe(200);
    expect(set.headers['cache-control']).toBe('private, no-store');
    expect((await send('GET', '/api/user/pins/g1_map_a', me)).json().notes).toEqual([
      { markerId: 'pm_1', note: 'Key <i>inside</i>', updatedAt: set.json().updatedAt },
    ]);
    expect((await send('GET', '/api/user/pins/g1_map_a', other)).json().notes).toEqual([]);
    await send('PUT', '/api/user/marker-notes/pm_1', me, { note: 'Changed' });
    expect((await send('GET', '/api/user/pins/g1_map_a', me)).json().notes[0].note).toBe('Changed');
    await send('PUT', '/api/user/marker-notes/pm_1', me, { note: '' });
    expect((await send('GET', '/api/user/pins/g1_map_a', me)).json().notes).toEqual([]);
  });

  it('refuses an unknown marker and an oversized note', async () => {
    const me = await createUser(env.t);
    expect((await send('PUT', '/api/user/marker-notes/nope', me, { note: 'x' })).statusCode).toBe(404);
    const long = await send('PUT', '/api/user/marker-notes/pm_1', me, {
      note: 'x'.repeat(MAX_NOTE_LENGTH + 1),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors[0].field).toBe('body.note');
  });
});

describe('pins stay out of public answers', () => {
  it('shows none of a pin or note in the map page reads, cached or not', async () => {
    const me = await createUser(env.t);
    await send('POST', '/api/user/pins/g1_map_a', me, {
      ...pin,
      name: 'SecretPinName',
      note: 'SecretPinNote',
    });
    await send('PUT', '/api/user/marker-notes/pm_2', me, { note: 'SecretMarkerNote' });
    for (const url of [
      '/api/map/g1_map_a/markers',
      '/api/placedmarker/pm_2',
      '/api/placedmarkers?limit=100',
      '/api/map/g1_map_a',
    ]) {
      for (const user of [null, me, env.admin]) {
        const res = await send('GET', url, user);
        expect(res.statusCode, url).toBe(200);
        expect(res.body).not.toMatch(/Secret/);
      }
    }
  });
});

describe('a pin turned into a suggestion', () => {
  it('makes a marker suggestion of its name, note, place and floor, through the suggestion path', async () => {
    const me = await createUser(env.t);
    const placed = (
      await send('POST', '/api/user/pins/g1_map_a', me, { ...pin, note: 'Two <crates>\nbehind the wall' })
    ).json();
    const res = await send('POST', `/api/user/pins/g1_map_a/${placed.id}/suggest`, me, {
      markerDefinitionId: 'def_loot',
    });
    expect(res.statusCode).toBe(201);
    const suggestion = res.json();
    expect(suggestion).toMatchObject({
      status: 'SAVED',
      type: 'PLACED_MARKER',
      action: 'ADD',
      parentId: 'g1_map_a',
      username: me.username,
    });
    const data = JSON.parse(suggestion.data);
    expect(data).toMatchObject({
      name: 'Stash',
      markerDefinitionId: 'def_loot',
      mapId: 'g1_map_a',
      lat: -200,
      lng: 100,
      level: -1,
    });
    expect(data.description).toMatch(/^<p>Two &lt;crates&gt;<br ?\/?>behind the wall<\/p>$/);
    // It is an ordinary open suggestion: listed for review, and the pin stays the player's.
    const open = await send(
      'GET',
      `/api/suggestions?query=${encodeURIComponent('{"status":"SAVED"}')}`,
      env.admin,
    );
    expect(open.body).toContain(suggestion._id);
    expect((await send('GET', '/api/user/pins/g1_map_a', me)).json().pins).toHaveLength(1);
  });

  it("refuses another player's pin, an unknown marker type and a missing one", async () => {
    const me = await createUser(env.t);
    const other = await createUser(env.t);
    const placed = (await send('POST', '/api/user/pins/g1_map_a', me, pin)).json();
    const url = `/api/user/pins/g1_map_a/${placed.id}/suggest`;
    expect((await send('POST', url, other, { markerDefinitionId: 'def_loot' })).statusCode).toBe(404);
    expect((await send('POST', url, env.admin, { markerDefinitionId: 'def_loot' })).statusCode).toBe(404);
    const missing = await send('POST', url, me, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].field).toBe('body.markerDefinitionId');
    const unknown = await send('POST', url, me, { markerDefinitionId: 'nope' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].field).toBe('body.markerDefinitionId');
  });
});

describe('GeoJSON out and in', () => {
  const feature = (
    x: number,
    y: number,
    properties: object,
    geometry: object = { type: 'Point', coordinates: [x, y] },
  ) => ({
    type: 'Feature',
    geometry,
    properties,
  });
  const importing = (user: TestUser, features: unknown[], preview = false, mapId = 'g1_map_a') =>
    send('POST', `/api/user/pins/${mapId}/geojson`, user, {
      collection: { type: 'FeatureCollection', features },
      preview,
    });

  it('exports the pins as a FeatureCollection in map pixels and imports it back', async () => {
    const me = await createUser(env.t);
    await send('POST', '/api/user/pins/g1_map_a', me, { ...pin, level: -1 });
    await send('POST', '/api/user/pins/g1_map_a', me, {
      ...pin,
      name: 'Other',
      x: 0,
      y: 4096,
      colour: 'green',
    });
    const out = await send('GET', '/api/user/pins/g1_map_a/geojson', me);
    expect(out.statusCode).toBe(200);
    expect(out.headers['content-type']).toContain('application/geo+json');
    expect(out.headers['cache-control']).toBe('private, no-store');
    const collection = out.json();
    expect(collection).toEqual({
      type: 'FeatureCollection',
      features: [
        feature(100, 200, { name: 'Stash', note: pin.note, colour: 'blue', level: -1 }),
        feature(0, 4096, { name: 'Other', note: pin.note, colour: 'green', level: -1 }),
      ],
    });
    const other = await createUser(env.t);
    expect((await send('GET', '/api/user/pins/g1_map_a/geojson', other)).json().features).toEqual([]);
    const back = await importing(other, collection.features);
    expect(back.json()).toEqual({ preview: false, accepted: 2, names: ['Stash', 'Other'], refused: [] });
    const theirs = (await send('GET', '/api/user/pins/g1_map_a', other)).json().pins;
    const rows = theirs.map((p: { name: string; x: number; y: number }) => [p.name, p.x, p.y]);
    expect(rows.sort()).toEqual([
      ['Other', 0, 4096],
      ['Stash', 100, 200],
    ]);
  });

  it('previews without writing, and lists each refused feature with what is wrong', async () => {
    const me = await createUser(env.t);
    const features = [
      feature(10, 10, { name: 'Good' }),
      'not a feature',
      feature(
        0,
        0,
        { name: 'Road' },
        {
          type: 'LineString',
          coordinates: [
            [0, 0],
            [1, 1],
          ],
        },
      ),
      feature(5000, 10, { name: 'Far east' }),
      feature(10, 10, { name: 'Long', note: 'x'.repeat(2001) }),
      feature(10, 10, { name: 'Odd', colour: 'pink' }),
      feature(10, 10, { name: 'Floor', level: 7 }),
      feature(10, 10, {}),
      { type: 'Feature', geometry: { type: 'Point', coordinates: ['a', 1] }, properties: { name: 'NaN' } },
    ];
    const preview = await importing(me, features, true);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({
      preview: true,
      accepted: 1,
      names: ['Good'],
      refused: [
        { index: 1, field: 'features.1.type', message: 'Is not a GeoJSON Feature' },
        {
          index: 2,
          field: 'features.2.geometry.type',
          message: 'A LineString cannot be a pin: only Point geometries can',
        },
        {
          index: 3,
          field: 'features.3.geometry.coordinates',
          message: 'Lies outside the map (0 to 4096 across, 0 to 4096 down)',
        },
        { index: 4, field: 'features.4.properties.note', message: 'A note can be at most 2000 characters' },
        { index: 5, field: 'features.5.properties.colour', message: expect.any(String) },
        { index: 6, field: 'features.6.properties.level', message: 'The map has no floor 7' },
        { index: 7, field: 'features.7.properties.name', message: expect.any(String) },
        { index: 8, field: 'features.8.geometry.coordinates.0', message: expect.any(String) },
      ],
    });
    expect((await send('GET', '/api/user/pins/g1_map_a', me)).json().pins).toEqual([]);
    const done = await importing(me, features);
    expect(done.json().accepted).toBe(1);
    expect((await send('GET', '/api/user/pins/g1_map_a', me)).json().pins).toHaveLength(1);
  });

  it('refuses what is not a FeatureCollection, and refuses features over the cap, adding none of them', async () => {
    const me = await createUser(env.t);
    const bad = await send('POST', '/api/user/pins/g1_map_a/geojson', me, {
      collection: { type: 'Feature' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('body.collection.type');
    const many = await send('POST', '/api/user/pins/g1_map_a/geojson', me, {
      collection: {
        type: 'FeatureCollection',
        features: Array.from({ length: MAX_PINS_PER_MAP + 1 }, () => ({})),
      },
    });
    expect(many.statusCode).toBe(400);
    expect(many.json().errors[0].field).toBe('body.collection.features');
    const now = new Date().toISOString();
    await insertPins(
      env.t.db.kysely,
      Array.from({ length: MAX_PINS_PER_MAP - 2 }, (_, i) => ({
        id: `pin_geo_${me.id.slice(0, 8)}_${i}`,
        userId: me.id,
        mapId: 'g1_map_a',
        name: `Pin ${i}`,
        note: '',
        colour: 'red',
        level: -1,
        x: 1,
        y: 1,
        createdAt: now,
        updatedAt: now,
      })),
    );
    const res = await importing(
      me,
      Array.from({ length: 4 }, (_, i) => feature(i, i, { name: `New ${i}` })),
    );
    expect(res.json().accepted).toBe(2);
    expect(res.json().refused).toEqual([
      { index: 2, field: 'features.2', message: `Over the cap: at most ${MAX_PINS_PER_MAP} pins on one map` },
      { index: 3, field: 'features.3', message: `Over the cap: at most ${MAX_PINS_PER_MAP} pins on one map` },
    ]);
    expect((await send('GET', '/api/user/pins/g1_map_a', me)).json().pins).toHaveLength(MAX_PINS_PER_MAP);
  });

  it('stages, previews and imports a full map of pins (the preview time is printed)', async () => {
    const me = await createUser(env.t);
    const features = Array.from({ length: MAX_PINS_PER_MAP }, (_, i) =>
      feature(i % 4096, (i * 7) % 4096, { name: `Pin ${i}`, note: 'n'.repeat(400), colour: 'blue' }),
    );
    const started = performance.now();
    const preview = await importing(me, features, true);
    const took = performance.now() - started;
    expect(preview.json().accepted).toBe(MAX_PINS_PER_MAP);
    console.log(`GeoJSON preview of ${MAX_PINS_PER_MAP} pins: ${Math.round(took)} ms`);
    const imported = await importing(me, features);
    expect(imported.json().accepted).toBe(MAX_PINS_PER_MAP);
    expect((await send('GET', '/api/user/pins/g1_map_a', me)).json().pins).toHaveLength(MAX_PINS_PER_MAP);
  });
});
