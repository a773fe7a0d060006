import {
  bestMix,
  compileMixingData,
  ingredientIndex,
  type MixEffect,
  type MixIngredient,
  type MixProduct,
  mix,
} from '@waypoint/shared/domain/mixing';
import type { MixingContent } from '@waypoint/shared/schedule-one/api';
import { scheduleOneData } from '@waypoint/shared/schedule-one/data';
import { beforeAll, describe, expect, it } from 'vitest';
import { SCHEDULE_ONE } from '../../db/seed/schedule.ts';
import { seedDemoContent } from '../../db/seed.ts';
import { createUser, type TestUser, useTestApp } from '../../test/test-app.ts';

// The seed and the searches keep the event loop busy: no load shedding in this file.
const env = useTestApp({ content: false });
let other: TestUser;

beforeAll(async () => {
  await seedDemoContent(env.t.db, { markersPerMap: 30 });
  other = await createUser(env.t);
});

const url = `/api/mixing/${SCHEDULE_ONE}`;
const get = (path: string, headers: Record<string, string> = {}) =>
  env.t.app.inject({ method: 'GET', url: path, headers });
const content = async () => (await get(url)).json() as MixingContent;

/** A record as the API answers it, without what the database adds (images, timestamps). */
function stored(record: Record<string, unknown>) {
  const { images: _i, createdAt: _c, updatedAt: _u, gameId, _id, ...rest } = record;
  expect(gameId).toBe(SCHEDULE_ONE);
  return { id: _id, ...rest };
}

const fromDb = (c: MixingContent) =>
  compileMixingData(
    c.effects as unknown as MixEffect[],
    c.ingredients.map((i) => ({ ...i, id: i._id })) as unknown as MixIngredient[],
    c.products.map((p) => ({ ...p, id: p._id })) as unknown as MixProduct[],
  );
const fromJson = () =>
  compileMixingData(scheduleOneData.effects, scheduleOneData.ingredients, scheduleOneData.products);

describe('Schedule I data as content', () => {
  it('stores the data files exactly: every field of every record round-trips', async () => {
    const c = await content();
    const byId = <T extends { id: string }>(list: T[]) => [...list].sort((a, b) => a.id.localeCompare(b.id));
    const pairs = [
      [c.effects, scheduleOneData.effects],
      [c.ingredients, scheduleOneData.ingredients],
      [c.products, scheduleOneData.products],
      [c.customers, scheduleOneData.customers],
    ] as const;
    for (const [rows, json] of pairs) {
      expect(rows.length).toBe(json.length);
      const back = byId(rows.map((r) => stored(r as unknown as Record<string, unknown>)) as { id: string }[]);
      // The seed adds a display weight to products; everything else is the file's.
      const cleaned = back.map(({ weight: _w, ...rest }: Record<string, unknown>) => rest);
      expect(cleaned).toEqual(byId(json as unknown as { id: string }[]));
    }
  });

  it('mixes from the stored data exactly as from the data files', async () => {
    const db = fromDb(await content());
    const json = fromJson();
    expect(db.products.map((p) => p.name)).toEqual(expect.arrayContaining(json.products.map((p) => p.name)));
    // The README's cocaine example, through names as a player would give them.
    const names = [
      'Motor Oil',
      'Cuke',
      'Paracetamol',
      'Gasoline',
      'Cuke',
      'Horse Semen',
      'Battery',
      'Mega Bean',
    ];
    const cocaine = (d: typeof db) =>
      mix(
        d,
        d.products.find((p) => p.name === 'Cocaine')!,
        names.map((n) => ingredientIndex(d, n)),
      );
    expect(cocaine(db)).toMatchObject({ price: 735, cost: 42, profit: 693 });
    expect(cocaine(db)).toEqual(cocaine(json));
    // Random sequences on every product: same effects, prices, costs and per-step transformations.
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let n = 0; n < 300; n++) {
      const product = json.products[Math.floor(next() * json.products.length)]!;
      const steps = Array.from(
        { length: 1 + Math.floor(next() * 10) },
        () => json.ingredients[Math.floor(next() * json.ingredients.length)]!.name,
      );
      const a = mix(
        json,
        product,
        steps.map((s) => ingredientIndex(json, s)),
      );
      const dbProduct = db.products.find((p) => p.name === product.name)!;
      const b = mix(
        db,
        dbProduct,
        steps.map((s) => ingredientIndex(db, s)),
      );
      expect(b).toEqual(a);
    }
    // And the best mix of every product at depth 3, both objectives.
    for (const product of json.products) {
      for (const objective of ['price', 'profit'] as const) {
        const a = bestMix(json, { product, maxIngredients: 3, objective });
        const dbProduct = db.products.find((p) => p.name === product.name)!;
        const b = bestMix(db, { product: dbProduct, maxIngredients: 3, objective });
        expect(b.best?.price).toBe(a.best?.price);
        expect(b.best?.profit).toBe(a.best?.profit);
        expect(b.best?.mask).toBe(a.best?.mask);
      }
    }
  });

  it('answers from the cache with an ETag until content changes, then the change', async () => {
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect((await get(url, { 'if-none-match': etag })).statusCode).toBe(304);
    const w = env.t.app.ctx.writer;
    await w.update('mixingredient', 'cuke', { price: 3 }, { id: env.admin.id, username: env.admin.username });
    const after = await get(url, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.json().ingredients.find((i: { _id: string }) => i._id === 'cuke').price).toBe(3);
    await w.update('mixingredient', 'cuke', { price: 2 }, { id: env.admin.id, username: env.admin.username });
  });

  it('links customers to their marker on the game maps', async () => {
    const c = await content();
    expect(c.customerMarkers.length).toBeGreaterThan(10);
    const names = new Set(c.customers.map((x) => x.name));
    for (const m of c.customerMarkers) {
      expect(names.has(m.name)).toBe(true);
      expect(['s1_northtown_map', 's1_westville_map']).toContain(m.mapId);
    }
    const region = new Map(c.customers.map((x) => [x.name, x.region]));
    expect(c.customerMarkers.every((m) => region.get(m.name) !== 'Uptown')).toBe(true);
  });

  it('knows recipes whose every ingredient and product exist', async () => {
    const c = await content();
    const ingredients = new Set(c.ingredients.map((i) => i._id));
    const products = new Set(c.products.map((p) => p._id));
    expect(c.recipes.length).toBeGreaterThanOrEqual(10);
    for (const r of c.recipes) {
      expect(products.has(r.productId)).toBe(true);
      for (const i of r.ingredients) expect(ingredients.has(i)).toBe(true);
    }
  });

  it('is a 404 for an unknown game and a 400 for an unknown parameter', async () => {
    expect((await get('/api/mixing/nope')).statusCode).toBe(404);
    expect((await get(`${url}?x=1`)).statusCode).toBe(400);
  });

  it('lets contributors suggest a correction that an admin accepts', async () => {
    const suggest = await env.t.app.inject({
      method: 'POST',
      url: '/api/suggestion',
      headers: env.player.auth,
      payload: {
        type: 'MIX_INGREDIENT',
        action: 'UPDATE',
        parentId: SCHEDULE_ONE,
        data: JSON.stringify({ _id: 'donut', price: 4 }),
      },
    });
    expect(suggest.statusCode).toBe(201);
    const open = await get(
      `/api/suggestions?limit=10000&query=${encodeURIComponent(JSON.stringify({ type: 'MIX_INGREDIENT' }))}`,
      env.admin.auth,
    );
    const accept = await env.t.app.inject({
      method: 'POST',
      url: '/api/admin/suggestions/accept',
      headers: env.admin.auth,
      payload: { suggestionIds: open.json().data.map((x: { _id: string }) => x._id) },
    });
    expect(accept.statusCode).toBe(200);
    const c = await content();
    expect(c.ingredients.find((i) => i._id === 'donut')?.price).toBe(4);
  });
});

describe('My recipes', () => {
  const recipes = `/api/user/recipes/${SCHEDULE_ONE}`;
  const save = (auth: Record<string, string>, payload: unknown) =>
    env.t.app.inject({ method: 'POST', url: recipes, headers: auth, payload: payload as object });

  it('needs a login', async () => {
    expect((await get(recipes)).statusCode).toBe(401);
    expect((await save({}, { name: 'x', productId: 'meth', ingredients: [] })).statusCode).toBe(401);
  });

  it('saves, lists and deletes a player’s own mixes', async () => {
    const saved = await save(env.player.auth, {
      name: 'Night shift',
      productId: 'meth',
      ingredients: ['banana', 'cuke'],
    });
    expect(saved.statusCode).toBe(201);
    const { id } = saved.json();
    const list = (await get(recipes, env.player.auth)).json();
    expect(list.recipes).toEqual([
      expect.objectContaining({
        id,
        name: 'Night shift',
        productId: 'meth',
        ingredients: ['banana', 'cuke'],
      }),
    ]);
    expect((await get(recipes, other.auth)).json().recipes).toEqual([]);
    const foreign = await env.t.app.inject({
      method: 'DELETE',
      url: `${recipes}/${id}`,
      headers: other.auth,
    });
    expect(foreign.statusCode).toBe(404);
    const own = await env.t.app.inject({
      method: 'DELETE',
      url: `${recipes}/${id}`,
      headers: env.player.auth,
    });
    expect(own.statusCode).toBe(204);
    expect((await get(recipes, env.player.auth)).json().recipes).toEqual([]);
  });

  it('names the bad field', async () => {
    const res = await save(env.player.auth, { name: '', productId: 'meth', ingredients: ['bad id!'] });
    expect(res.statusCode).toBe(400);
    const fields = res.json().errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['body.name', 'body.ingredients.0']));
  });

  it('publishes a saved mix as a recipe suggestion that an admin accepts into the list', async () => {
    const suggest = await env.t.app.inject({
      method: 'POST',
      url: '/api/suggestion',
      headers: env.player.auth,
      payload: {
        type: 'MIX_RECIPE',
        action: 'ADD',
        parentId: SCHEDULE_ONE,
        data: JSON.stringify({
          gameId: SCHEDULE_ONE,
          name: 'Player Purple',
          productId: 'granddaddypurple',
          ingredients: ['banana', 'cuke', 'megabean'],
          authorName: env.player.username,
        }),
      },
    });
    expect(suggest.statusCode).toBe(201);
    expect((await content()).recipes.some((r) => r.name === 'Player Purple')).toBe(false);
    const open = await get(
      `/api/suggestions?limit=10000&query=${encodeURIComponent(JSON.stringify({ type: 'MIX_RECIPE' }))}`,
      env.admin.auth,
    );
    const ids = open.json().data.map((s: { _id: string }) => s._id);
    expect(ids.length).toBe(1);
    const accept = await env.t.app.inject({
      method: 'POST',
      url: '/api/admin/suggestions/accept',
      headers: env.admin.auth,
      payload: { suggestionIds: ids },
    });
    expect(accept.statusCode).toBe(200);
    const published = (await content()).recipes.find((r) => r.name === 'Player Purple');
    expect(published).toMatchObject({
      productId: 'granddaddypurple',
      ingredients: ['banana', 'cuke', 'megabean'],
    });
  });
});
