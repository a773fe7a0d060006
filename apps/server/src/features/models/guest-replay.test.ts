import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createContent,
  createTestApp,
  createUser,
  type TestApp,
  type TestUser,
} from '../../test/test-app.ts';

/**
 * A guest's cached read is sent again as it went out the first time: the same bytes and headers,
 * without the hooks after load shedding or the route running again.
 */
let t: TestApp;
let player: TestUser;
/** Requests that reached the route's pre-handler stage (the hooks a replay skips). */
let routed = 0;

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      beforeReady: (app) => {
        app.addHook('preHandler', (_request, _reply, done) => {
          routed++;
          done();
        });
      },
    },
  );
  await createContent(t);
  player = await createUser(t);
});
afterAll(() => t.close());

const withoutDate = (headers: Record<string, unknown>) => {
  const { date: _date, ...rest } = headers;
  return rest;
};

describe('guest reads answered again from the cache', () => {
  it('sends the second guest the same bytes and headers without running the route again', async () => {
    t.app.ctx.cache.invalidate();
    const first = await t.app.inject({ url: '/api/games' });
    expect(first.statusCode).toBe(200);
    const before = routed;
    const second = await t.app.inject({ url: '/api/games' });
    const third = await t.app.inject({ url: '/api/games' });
    expect(routed).toBe(before);
    for (const again of [second, third]) {
      expect(again.statusCode).toBe(200);
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(withoutDate(again.headers)).toEqual(withoutDate(first.headers));
    }
    // The security headers and the public API's are among them.
    expect(second.headers['x-content-type-options']).toBe('nosniff');
    expect(second.headers['strict-transport-security']).toBeDefined();
    expect(second.headers['access-control-allow-origin']).toBe('*');
    expect(second.headers.etag).toBe(first.headers.etag);
  });

  it('keeps one answer per encoding, each with its own headers', async () => {
    t.app.ctx.cache.invalidate();
    const url = `/api/placedmarkers?limit=1000`;
    const plain = await t.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    const gzip = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const before = routed;
    const plainAgain = await t.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    const gzipAgain = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(routed).toBe(before);
    expect(plainAgain.headers['content-encoding']).toBeUndefined();
    expect(plainAgain.json()).toEqual(plain.json());
    expect(gzipAgain.headers['content-encoding']).toBe('gzip');
    expect(gzipAgain.rawPayload.equals(gzip.rawPayload)).toBe(true);
  });

  it('runs the route again after a content write, and answers the new content', async () => {
    t.app.ctx.cache.invalidate();
    await t.app.inject({ url: '/api/game/g2' });
    await t.app.ctx.writer.update(
      'game',
      'g2',
      { name: 'Game Two, renamed' },
      { id: null, username: 'test' },
    );
    const before = routed;
    const after = await t.app.inject({ url: '/api/game/g2' });
    expect(routed).toBe(before + 1);
    expect(after.json().name).toBe('Game Two, renamed');
  });

  it('sends logged-in readers and revalidations through the route', async () => {
    t.app.ctx.cache.invalidate();
    const first = await t.app.inject({ url: '/api/game/g1' });
    const before = routed;
    const loggedIn = await t.app.inject({ url: '/api/game/g1', headers: player.auth });
    expect(loggedIn.statusCode).toBe(200);
    const revalidated = await t.app.inject({
      url: '/api/game/g1',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(routed).toBe(before + 2);
  });

  it('never replays an error or a refused request', async () => {
    t.app.ctx.cache.invalidate();
    for (let n = 0; n < 2; n++) {
      const res = await t.app.inject({ url: '/api/game/nope' });
      expect(res.statusCode).toBe(404);
    }
    const before = routed;
    expect((await t.app.inject({ url: '/api/game/nope' })).statusCode).toBe(404);
    expect(routed).toBe(before + 1);
  });
});
