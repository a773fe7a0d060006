import { describe, expect, it } from 'vitest';
import { cacheFor } from './rules.ts';

const origin = 'https://maps.example';
const get = (url: string, navigate = false) => cacheFor(new URL(url, origin), origin, navigate);

describe('what the service worker caches', () => {
  it('keeps pages, but never API, image, asset or worker addresses as pages', () => {
    expect(get('/game/g1/maps/m1?lat=1', true)).toBe('pages');
    expect(get('/', true)).toBe('pages');
    for (const path of ['/api/games', '/uploads/a/b', '/thumbs/x', '/mapTiles/g/m/0/0/0.png', '/sw.js'])
      expect(get(path, true), path).toBeUndefined();
    expect(get('https://elsewhere.example/page', true)).toBeUndefined();
  });

  it("caches the map page's reads network first and the player's progress apart", () => {
    for (const path of [
      '/api/games?limit=1000',
      '/api/game/g1',
      '/api/categorys?query=%7B%7D&limit=1000',
      '/api/maps?query=%7B%7D&limit=1000',
      '/api/map/m1/markers',
      '/api/quests/m1',
      '/api/placedmarker/p1',
      '/api/item/i1',
    ])
      expect(get(path), path).toBe('api');
    expect(get('/api/usercompletedmarkers/list')).toBe('progress');
    expect(get('/api/user/quest/get/g1')).toBe('progress');
    expect(get('/api/user/pins/g1_map_a')).toBe('progress');
  });

  it('never caches GETs that change progress, searches or other reads', () => {
    for (const path of [
      '/api/user/quest/complete/g1/q1',
      '/api/user/quest/setuserlevel/g1/3',
      '/api/user/itemstokeep/setItemQuantity/g1/i1/false/+1',
      '/api/map/m1/search?q=ab',
      '/api/map/m1/status',
      '/api/game/g1/promo/overview',
      '/api/suggestions',
    ])
      expect(get(path), path).toBeUndefined();
  });

  it('caches tiles and images cache first, also from an image host elsewhere, and code chunks', () => {
    expect(get('/mapTiles/g1/m1/2/1/1.png?v=3')).toBe('images');
    expect(get('https://cdn.example/mapTiles/g1/m1/2/1/1.png')).toBe('images');
    expect(get('/uploads/placedmarker/p1/0/a.png?v=1')).toBe('images');
    expect(get('/thumbs/game/g1/image/150x150/a.png')).toBe('images');
    expect(get('/assets/MapPage-abc123.js')).toBe('assets');
    expect(get('https://cdn.example/assets/x.js')).toBeUndefined();
    // A bucket's public address as the image host: its path starts with the bucket and a prefix.
    expect(get('https://s3.example/waypoint-public/site/mapTiles/g1/m1/v2/2/1/1.png')).toBe('images');
    expect(get('https://s3.example/waypoint-public/site/uploads/map/m1/mapImage/a.webp?v=2')).toBe('images');
    expect(get('https://s3.example/waypoint-public/site/thumbs/game/g1/image/h128/a.png')).toBe('images');
    // Only pictures there, and not this site's own other paths.
    expect(get('https://s3.example/waypoint-public/site/uploads/notes.txt')).toBeUndefined();
    expect(get('/site/mapTiles/g1/m1/0/0/0.png')).toBeUndefined();
  });
});
