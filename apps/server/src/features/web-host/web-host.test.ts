import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { constants } from '@waypoint/shared/constants';
import { shellBuildFile, shellSlots } from '@waypoint/shared/html';
import { zRuntimeConfig } from '@waypoint/shared/runtime-config';
import { describe, expect, it } from 'vitest';
import { createUser, useTestApp } from '../../test/test-app.ts';

/** A stand-in for the built web app: index.html with its slots and an inline script, one hashed asset. */
function fakeWebBuild(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'waypoint-web-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><html><head>${shellSlots.head}
<template id="wp-after-paint">
<link rel="modulepreload" crossorigin href="/assets/index-abc123.js">
${shellSlots.preloads}
</template>
<script>document.documentElement.dataset.x = '1';</script></head><body><div id="root"></div>
<script data-entry="/assets/index-abc123.js">start()</script></body></html>`,
  );
  mkdirSync(path.join(dist, '.vite'));
  // The build writes the CSP hashes of its inline scripts beside its manifest.
  writeFileSync(
    path.join(dist, shellBuildFile),
    JSON.stringify({ scriptHashes: ["'sha256-aGFzaA=='", "'sha256-c3RhcnQ='"] }),
  );
  writeFileSync(path.join(dist, 'assets/index-abc123.js'), 'console.log(1);');
  // The build writes compressed twins of its text assets.
  writeFileSync(path.join(dist, 'assets/index-abc123.js.br'), brotliCompressSync('console.log(1);'));
  writeFileSync(path.join(dist, 'assets/index-abc123.js.gz'), gzipSync('console.log(1);'));
  writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *\n');
  // The installable app: service worker, web manifest and icons.
  writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(
    path.join(dist, 'manifest.webmanifest'),
    JSON.stringify({ name: 'Waypoint', start_url: '/' }),
  );
  mkdirSync(path.join(dist, 'icons'));
  writeFileSync(path.join(dist, 'icons/icon-192.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
  writeFileSync(
    path.join(dist, '.vite/manifest.json'),
    JSON.stringify({
      'index.html': {
        file: 'assets/index-abc123.js',
        isEntry: true,
        imports: ['_shared'],
        css: ['assets/index.css'],
      },
      _shared: { file: 'assets/shared-1.js' },
      'src/features/home/HomePage.tsx': {
        file: 'assets/HomePage-1.js',
        imports: ['_shared', '_thumb'],
        css: ['assets/HomePage-1.css'],
      },
      _thumb: { file: 'assets/Thumbnail-1.js', css: ['assets/index.css'] },
      'src/features/map/route.tsx': {
        file: 'assets/route-1.js',
        imports: ['_shared'],
        css: ['assets/route-1.css'],
        dynamicImports: ['src/features/map/map-engine.ts'],
      },
      'src/features/map/map-engine.ts': {
        file: 'assets/map-engine-1.js',
        isDynamicEntry: true,
        imports: ['_shared', '_leaflet'],
        css: ['assets/leaflet-1.css'],
      },
      _leaflet: { file: 'assets/leaflet-src-1.js' },
      'src/features/map/prefetch.ts': {
        file: 'assets/prefetch-1.js',
        isDynamicEntry: true,
        imports: ['_shared'],
      },
      'src/features/admin/ImportsPage.tsx': { file: 'assets/ImportsPage-1.js', imports: ['_shared'] },
      'src/features/review/route.tsx': { file: 'assets/review-1.js', imports: ['_shared'] },
      'src/features/consent/ConsentDialog.tsx': {
        file: 'assets/ConsentDialog-1.js',
        isDynamicEntry: true,
        imports: ['_shared'],
        css: ['assets/ConsentDialog-1.css'],
      },
    }),
  );
  return dist;
}

const env = useTestApp({
  overrides: { webDist: fakeWebBuild(), webHost: 'https://maps.example', socialLabel: 'Us </script><b>' },
});
const html = { accept: 'text/html' };

/** The tags a page adds to <head> after its first paint (apps/web/boot/). */
function afterPaint(body: string): string {
  return body.match(/<template id="wp-after-paint">([\s\S]*?)<\/template>/)?.[1] ?? '';
}

describe('web host', () => {
  it('sends the compressed twin of an asset that the browser accepts, cached for ever', async () => {
    const br = await env.t.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toContain('immutable');
    const gz = await env.t.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await env.t.app.inject({ url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1);');
  });

  it('serves the home page with its title, description, canonical address and CSP', async () => {
    const res = await env.t.app.inject({ url: '/', headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<title>Waypoint: interactive game maps');
    expect(res.body).not.toContain(shellSlots.head);
    expect(res.body).toContain('<link rel="canonical" href="https://maps.example/" />');
    // The inline scripts are allowed by the hashes the build wrote.
    expect(res.headers['content-security-policy']).toContain(
      "script-src 'self' 'sha256-aGFzaA==' 'sha256-c3RhcnQ='",
    );
    expect(res.headers['cache-control']).toBe('no-cache');
    // Only the embedded map may be framed by other sites.
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('writes the deployment settings into the page for the web app, safely escaped', async () => {
    const res = await env.t.app.inject({ url: '/', headers: html });
    const tag = res.body.match(/<script type="application\/json" id="waypoint-config">(.*?)<\/script>/);
    expect(tag).not.toBeNull();
    // Every setting the web app reads, and nothing else.
    expect(zRuntimeConfig.strict().safeParse(JSON.parse(tag![1])).error).toBeUndefined();
    expect(JSON.parse(tag![1])).toMatchObject({
      apiBase: '/api',
      publicSite: 'https://maps.example',
      supportEmail: env.t.config.supportEmail,
      socialLabel: 'Us </script><b>',
      appUrlScheme: 'waypoint',
    });
  });

  it("preloads the page's code and first data after its first paint", async () => {
    const res = await env.t.app.inject({ url: '/', headers: html });
    // Beside the entry's, in the template of what the page asks for once its first frame is painted.
    const later = afterPaint(res.body);
    expect(later).toContain('<link rel="modulepreload" crossorigin href="/assets/index-abc123.js">');
    expect(later).toContain('<link rel="modulepreload" crossorigin href="/assets/HomePage-1.js" />');
    expect(res.body.replace(later, '')).not.toContain('HomePage-1');
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/HomePage-1.js" />');
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/Thumbnail-1.js" />');
    // Fetched with the page, applied by its code: the page's own styles do not hold the first paint.
    expect(res.body).toContain('<link rel="preload" as="style" crossorigin href="/assets/HomePage-1.css" />');
    expect(res.body).not.toContain('<link rel="stylesheet" crossorigin href="/assets/HomePage-1.css" />');
    // The entry's own imports and styles are already in the page.
    expect(res.body).not.toContain('href="/assets/shared-1.js"');
    expect(res.body).not.toContain('href="/assets/index.css"');
    expect(res.body).toContain(
      '<link rel="preload" as="fetch" href="/api/games?limit=1000" crossorigin="anonymous" />',
    );
  });

  it("fetches the map page's code and its markers with the page, and leaves its drawing code for later", async () => {
    const res = await env.t.app.inject({ url: '/game/g1/maps/g1_map_a', headers: html });
    expect(res.statusCode).toBe(200);
    // The page's own code and stylesheet come with the page, after its first paint.
    expect(afterPaint(res.body)).toContain('<link rel="preload" as="fetch" href="/api/map/g1_map_a/markers"');
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/route-1.js" />');
    expect(res.body).toContain('<link rel="preload" as="style" crossorigin href="/assets/route-1.css" />');
    // The module that asks for the markers before the page's first render.
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/prefetch-1.js" />');
    // Leaflet and the marker layers are asked for by the page after its first paint.
    expect(res.body).not.toContain('map-engine-1');
    expect(res.body).not.toContain('leaflet-');
    // The entry's chunks are never hinted twice.
    expect(res.body).not.toContain('href="/assets/shared-1.js" />');
    for (const url of ['/api/map/g1_map_a/markers', '/api/quests/g1_map_a', '/api/game/g1']) {
      expect(res.body).toContain(`<link rel="preload" as="fetch" href="${url}" crossorigin="anonymous" />`);
    }
    const embed = await env.t.app.inject({ url: '/embed/game/g1/maps/g1_map_a', headers: html });
    expect(embed.body).toContain('<link rel="preload" as="fetch" href="/api/map/g1_map_a/markers"');
  });

  it('caches hashed assets for ever', async () => {
    const res = await env.t.app.inject({ url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['cache-control']).toContain('max-age=31536000');
  });

  it('serves the service worker unchanged-checked, the web manifest and the icons', async () => {
    const sw = await env.t.app.inject({ url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toContain('javascript');
    // Browsers always ask the server whether the worker changed: a new version is found at once.
    expect(sw.headers['cache-control']).toBe('no-cache');
    const manifest = await env.t.app.inject({ url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
    expect(manifest.json()).toMatchObject({ name: 'Waypoint' });
    const icon = await env.t.app.inject({ url: '/icons/icon-192.png' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
    const missing = await env.t.app.inject({ url: '/icons/missing.png', headers: html });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<div id="root">');
  });

  it('serves the app shell the service worker keeps, with the deployment settings and not indexed', async () => {
    const res = await env.t.app.inject({ url: '/index.html?__WB_REVISION__=abc' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.body).toContain('id="waypoint-config"');
    expect(res.body).toContain('<meta name="robots" content="noindex" />');
  });

  it('names the game in the game page head', async () => {
    const res = await env.t.app.inject({ url: '/game/g1', headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Game One maps, quests and tools | Waypoint</title>');
    expect(res.body).toContain('<meta name="description" content="First" />');
  });

  it("writes names holding replacement patterns ($`, $', $&) as they are", async () => {
    const admin = { id: null, username: 'test' };
    await env.t.app.ctx.writer.create(
      'game',
      { _id: 'dollar', name: 'Dollar $` game', description: "<p>Costs $' and $&amp; more</p>" },
      admin,
    );
    await env.t.app.ctx.writer.create(
      'map',
      { _id: 'dollar_map', gameId: 'dollar', name: 'Cash $& map' },
      admin,
    );
    const game = await env.t.app.inject({ url: '/game/dollar', headers: html });
    expect(game.statusCode).toBe(200);
    expect(game.body).toContain('<title>Dollar $` game maps, quests and tools | Waypoint</title>');
    expect(game.body).toContain('<meta name="description" content="Costs $&#39; and $&amp; more" />');
    const map = await env.t.app.inject({ url: '/game/dollar/maps/dollar_map', headers: html });
    expect(map.body).toContain('<title>Cash $&amp; map map - Dollar $` game | Waypoint</title>');
    for (const body of [game.body, map.body]) {
      expect(body.split('</head>').length).toBe(2);
      expect(body.split('<title>').length).toBe(2);
    }
  });

  it('lets other sites frame only the embedded map: account, admin and every other page refuse', async () => {
    for (const url of ['/admin', '/login', '/profile', '/game/g1', '/game/g1/maps/g1_map_a', '/nope']) {
      const res = await env.t.app.inject({ url, headers: html });
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'self'");
      expect(res.headers['content-security-policy'], url).not.toContain('frame-ancestors *');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
    const embed = await env.t.app.inject({ url: '/embed/game/g1/maps/g1_map_a', headers: html });
    expect(embed.statusCode).toBe(200);
    expect(embed.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(embed.headers['x-frame-options']).toBeUndefined();
  });

  it('names the map and game in the map page head', async () => {
    const res = await env.t.app.inject({ url: '/game/g1/maps/g1_map_a', headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Map A map - Game One | Waypoint</title>');
  });

  it('previews a shared marker link: its name and description, and the map around it as the picture', async () => {
    const actor = { id: null, username: 'test' };
    await env.t.app.ctx.writer.create(
      'placedmarker',
      {
        _id: 'pm_preview',
        mapId: 'g1_map_a',
        markerDefinitionId: 'def_loot',
        name: 'Hidden <Cache>',
        description: '<p>Behind the <b>red</b> door</p>',
        lat: -100,
        lng: 300,
      },
      actor,
    );
    // biome-ignore lint/suspicious/noExplicitAny: the map's tiles are written by the tile job
    const k = env.t.db.kysely as any;
    const before = await k
      .selectFrom('map')
      .select(['maxZoom', 'tilesPath'])
      .where('_id', '=', 'g1_map_a')
      .executeTakeFirst();
    await k
      .updateTable('map')
      .set({ maxZoom: 4, tilesPath: 'g1/g1_map_a/v1' })
      .where('_id', '=', 'g1_map_a')
      .execute();
    try {
      const res = await env.t.app.inject({ url: '/game/g1/maps/g1_map_a?marker=pm_preview', headers: html });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>Hidden &lt;Cache&gt; - Map A map - Game One | Waypoint</title>');
      expect(res.body).toContain('<meta property="og:description" content="Behind the red door" />');
      // Zoom 3 of 4: a tile spans 32 map units, so the marker at (300, 100) is in tile 9, 3.
      expect(res.body).toMatch(
        /<meta property="og:image" content="http[^"]*\/mapTiles\/g1\/g1_map_a\/v1\/3\/9\/3\.png"/,
      );
      expect(res.body).toContain('<meta name="twitter:card" content="summary_large_image" />');
      // The preview's address is the marker link that was shared; the canonical one stays the map's.
      expect(res.body).toMatch(
        /<meta property="og:url" content="http[^"]*\/game\/g1\/maps\/g1_map_a\?marker=pm_preview"/,
      );
      expect(res.body).toMatch(/<link rel="canonical" href="http[^"]*\/game\/g1\/maps\/g1_map_a"/);
      // A marker of another map, or none, leaves the map's own head.
      for (const url of ['/game/g1/maps/g1_map_b?marker=pm_preview', '/game/g1/maps/g1_map_a?marker=nope']) {
        const other = await env.t.app.inject({ url, headers: html });
        expect(other.body, url).not.toContain('Hidden');
        expect(other.body, url).not.toContain('og:image');
      }
    } finally {
      await k.updateTable('map').set(before).where('_id', '=', 'g1_map_a').execute();
    }
  });

  it('redirects unknown games to the error page, also for the in-game app and tools', async () => {
    for (const url of [
      '/game/nope',
      '/game/nope/ingameMapApp',
      '/game/nope/tools/quests',
      '/game/nope/maps/x',
    ]) {
      const res = await env.t.app.inject({ url, headers: html });
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe('/error?gameId=nope');
    }
  });

  it('redirects unknown maps to the error page with both ids', async () => {
    const res = await env.t.app.inject({ url: '/game/g1/maps/unknown', headers: html });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/error?gameId=g1&mapId=unknown');
    const hidden = await env.t.app.inject({ url: '/game/g1/maps/g1_hidden', headers: html });
    expect(hidden.headers.location).toBe('/error?gameId=g1&mapId=g1_hidden');
    const otherGame = await env.t.app.inject({ url: '/game/g2/maps/g1_map_a', headers: html });
    expect(otherGame.headers.location).toBe('/error?gameId=g2&mapId=g1_map_a');
  });

  it('sends a map id holding a category id to the first map of that category, keeping the query', async () => {
    const res = await env.t.app.inject({ url: '/game/g1/maps/g1_cat_old?minimalNavBar=true', headers: html });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/game/g1/maps/g1_map_a?minimalNavBar=true');
  });

  it('answers tool pages of known features and a 404 for others', async () => {
    const quests = await env.t.app.inject({ url: '/game/g1/tools/quests', headers: html });
    expect(quests.statusCode).toBe(200);
    expect(quests.body).toContain('<title>Game One Quests | Waypoint</title>');
    const bogus = await env.t.app.inject({ url: '/game/g1/tools/bogus', headers: html });
    expect(bogus.statusCode).toBe(404);
    const lacking = await env.t.app.inject({ url: '/game/g1/tools/schedule_I_items', headers: html });
    expect(lacking.statusCode).toBe(302);
    expect(lacking.headers.location).toBe('/error?gameId=g1');
  });

  it('answers a real 404 with the app page for unknown paths, JSON for API and asset paths', async () => {
    const page = await env.t.app.inject({ url: '/no/such/page', headers: html });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('<div id="root">');
    expect(page.body).toContain('<meta name="robots" content="noindex" />');
    const asset = await env.t.app.inject({ url: '/assets/missing-123.js', headers: html });
    expect(asset.statusCode).toBe(404);
    expect(asset.body).not.toContain('<div id="root">');
    const api = await env.t.app.inject({ url: '/api/nothing/here/at/all' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ statusCode: 404 });
  });

  it("hints a page's code behind a login only to a visitor whose login cookie can open it", async () => {
    const player = await createUser(env.t);
    const admin = await createUser(env.t, { admin: true });
    const cookie = (token: string) => ({ ...html, cookie: `other=1; ${constants.cookieName}=${token}` });
    const expired = `x.${Buffer.from(JSON.stringify({ id: 'u', admin: true, exp: 1 })).toString('base64url')}.y`;
    const imports = '<link rel="modulepreload" crossorigin href="/assets/ImportsPage-1.js" />';
    const review = '<link rel="modulepreload" crossorigin href="/assets/review-1.js" />';
    const page = async (url: string, headers: Record<string, string>) => {
      const res = await env.t.app.inject({ url, headers });
      expect(res.statusCode).toBe(200);
      // The same address answers differently with the cookie: caches must tell them apart.
      expect(res.headers.vary).toContain('cookie');
      return res.body;
    };
    expect(await page('/admin/imports', cookie(admin.token))).toContain(imports);
    for (const headers of [html, cookie(player.token), cookie(expired), cookie('not a token')])
      expect(await page('/admin/imports', headers)).not.toContain(imports);
    // A page open to every logged-in player (moderation tools) is hinted to a player too.
    expect(await page('/suggestion-review', cookie(player.token))).toContain(review);
    expect(await page('/suggestion-review', html)).not.toContain(review);
  });

  it('serves the other page routes and escapes what it writes into the head', async () => {
    for (const url of [
      '/login',
      '/register',
      '/forgotPassword',
      '/passwordRecovery/abc',
      '/confirmAccount/abc',
      '/profile',
      '/contact',
      '/privacy',
      '/admin',
    ]) {
      const res = await env.t.app.inject({ url, headers: html });
      expect(res.statusCode, url).toBe(200);
    }
    const error = await env.t.app.inject({ url: '/error?gameId=%3Cscript%3E', headers: html });
    expect(error.statusCode).toBe(404);
    expect(error.body).not.toContain('<script>alert');
  });
});
