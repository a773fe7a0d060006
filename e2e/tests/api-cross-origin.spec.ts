import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CDPSession } from '@playwright/test';
import { admin, expect, test } from '../support/fixtures.ts';

/**
 * Another site's page (served here from a second origin, 127.0.0.1 on a port of its own) reading the
 * public API as the README promises: a revalidating read is preflighted, answered with an ETag the
 * script can read, and a 304 on the second ask; private and admin routes stay unreadable.
 */
test('a page of another origin reads the public API with If-None-Match, and no private route', async ({
  page,
  request,
  baseURL,
}) => {
  const elsewhere = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><title>Another site</title><p>Another site</p>');
  });
  await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
  expect(origin).not.toBe(new URL(baseURL!).origin);

  // The browser's own record of its requests: preflights are not page requests Playwright reports.
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const preflights: string[] = [];
  cdp.on('Network.requestWillBeSent', (event) => {
    if (event.type === 'Preflight' || event.request.method === 'OPTIONS') preflights.push(event.request.url);
  });
  await cdp.send('Network.enable');

  try {
    // A demo game's record: content other journeys do not write, so its ETag holds between two asks.
    const games = (await (await request.get('/api/games')).json()) as {
      data: { _id: string; name: string }[];
    };
    const game = games.data.find((g) => /Emberfall Chronicles/.test(g.name)) ?? games.data[0]!;
    const publicRead = `${baseURL}/api/game/${game._id}`;

    await page.goto(`${origin}/`);
    await expect(page.getByText('Another site')).toBeVisible();

    const read = (url: string, init: RequestInit) =>
      page.evaluate(
        async ({ url, init }) => {
          try {
            const res = await fetch(url, init);
            const body = res.status === 200 ? await res.text() : '';
            return { ok: true, status: res.status, etag: res.headers.get('etag'), body, error: '' };
          } catch (error) {
            // A refused cross-origin answer is a network error to the page: nothing of it is readable.
            return { ok: false, status: 0, etag: null, body: '', error: String(error) };
          }
        },
        { url, init },
      );

    // A stale tag: the full answer, with the ETag exposed to the script; then that tag: 304.
    await expect
      .poll(
        async () => {
          const first = await read(publicRead, { headers: { 'If-None-Match': '"stale"' } });
          if (first.status !== 200 || !first.etag) return `first ${first.status} ${first.error}`;
          expect(JSON.parse(first.body)._id).toBe(game._id);
          const again = await read(publicRead, { headers: { 'If-None-Match': first.etag } });
          return `again ${again.status}`;
        },
        { message: 'a revalidating cross-origin read ends in 304' },
      )
      .toBe('again 304');
    // The header beyond the simple ones made the browser ask first, and the answer allowed it.
    expect(preflights).toContain(publicRead);

    // With the player's cookie, the `*` answer is not shown to the other site.
    const withCookie = await read(publicRead, { credentials: 'include' });
    expect(withCookie).toMatchObject({ ok: false });

    // Private and admin reads: refused to the page even with a valid admin token.
    const login = await request.post('/api/users/login', { data: admin });
    expect(login.ok()).toBe(true);
    const { token } = (await login.json()) as { token: string };
    const privateReads = [
      `${baseURL}/api/admin/models`,
      `${baseURL}/api/admin/list/map?limit=1`,
      `${baseURL}/api/user/quest/get/${game._id}`,
      `${baseURL}/api/user/progress/export`,
    ];
    for (const url of privateReads) {
      // The same read is an admin's to make from the site itself.
      expect((await request.get(url, { headers: { authorization: `Bearer ${token}` } })).status(), url).toBe(
        200,
      );
      const withToken = await read(url, { headers: { authorization: `Bearer ${token}` } });
      expect(withToken, url).toMatchObject({ ok: false, status: 0, body: '' });
      const plain = await read(url, {});
      expect(plain, url).toMatchObject({ ok: false, status: 0, body: '' });
    }
    // The refused preflights were asked (and answered without leave).
    for (const url of privateReads) expect(preflights, url).toContain(url);
  } finally {
    await cdp.detach().catch(() => {});
    await new Promise((resolve) => elsewhere.close(resolve));
  }
});
