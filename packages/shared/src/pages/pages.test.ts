import { describe, expect, it } from 'vitest';
import { apiPaths } from './api-paths.ts';
import { loadedFiles } from './build-manifest.ts';
import { pageHeads } from './heads.ts';
import { matchPage } from './page-routes.ts';
import { barModule, firstLoadModules, offlineModules, pageList, pages } from './pages.ts';

describe('page manifest', () => {
  it('finds the page at a path as the router does: the most specific pattern, else the 404 page', () => {
    expect(matchPage('/')).toMatchObject({ id: 'home', params: {} });
    expect(matchPage('/game/g1/maps/m%201/')).toMatchObject({
      id: 'map',
      params: { gameId: 'g1', mapId: 'm 1' },
    });
    expect(matchPage('/embed/game/g1/maps/m1')).toMatchObject({ id: 'embeddedMap' });
    expect(matchPage('/game/g1/tools/quests')).toMatchObject({ id: 'quests', params: { gameId: 'g1' } });
    expect(matchPage('/game/g1/tools/hideout')).toMatchObject({ id: 'tool', params: { feature: 'hideout' } });
    expect(matchPage('/no/such/page').id).toBe('notFound');
    expect(matchPage('/game/%E0%A4%A').id).toBe('notFound');
  });

  it("builds a page's first reads with the app's URL builders", () => {
    expect(pages.map.firstReads({ gameId: 'g 1', mapId: 'm/1' })).toEqual([
      '/games?limit=1000',
      '/game/g%201',
      `/categorys?query=${encodeURIComponent('{"gameId":"g 1"}')}&limit=1000`,
      `/maps?query=${encodeURIComponent('{"gameId":"g 1"}')}&limit=1000`,
      '/map/m%2F1/markers',
      '/quests/m%2F1',
    ]);
    expect(apiPaths.markerChunk('m1', 3, 'v 2')).toBe('/map/m1/markers/chunks/3?v=v%202');
  });

  it('loads the bar with every page that shows it, and gives each page one module of its own', () => {
    expect(firstLoadModules(pages.home)).toEqual(['src/features/home/HomePage.tsx']);
    expect(firstLoadModules(pages.game)).toEqual(['src/features/game/GamePage.tsx', barModule]);
    // Each route is its own lazy chunk, but for the moderation tools (suggestion review, users),
    // which share one.
    const moderation = 'src/features/review/route.tsx';
    expect(pageList.filter(([, page]) => page.module === moderation).map(([id]) => id)).toEqual([
      'suggestionReview',
      'adminUsers',
    ]);
    const own = pageList.map(([, page]) => page.module).filter((m) => m !== moderation);
    expect(new Set(own).size).toBe(own.length);
  });

  it('precaches the offline pages with what they load later, and only those', () => {
    const offline = offlineModules();
    for (const m of [
      'src/features/home/HomePage.tsx',
      'src/features/map/route.tsx',
      'src/features/map/map-engine.ts',
    ])
      expect(offline).toContain(m);
    expect(offline).not.toContain(pages.admin.module);
    expect(offline).not.toContain(pages.embeddedMap.module);
  });

  it('has a head for every page whose head does not come from stored content', () => {
    const fromContent = ['game', 'map', 'embeddedMap', 'quests', 'itemsToKeep', 'tool', 'inGameApp'];
    for (const [id] of pageList) expect(Boolean(pageHeads[id]), id).toBe(!fromContent.includes(id));
  });
});

describe('build manifest walk', () => {
  it('collects the chunks and stylesheets a module loads at once, not what it imports later', () => {
    const manifest = {
      'src/main.tsx': {
        file: 'assets/index.js',
        isEntry: true,
        imports: ['_shared'],
        css: ['assets/index.css'],
      },
      _shared: { file: 'assets/shared.js', imports: ['src/main.tsx'] },
      'src/page.tsx': { file: 'assets/page.js', imports: ['_shared'], css: ['assets/page.css'] },
      'src/later.tsx': { file: 'assets/later.js', isDynamicEntry: true },
    };
    const missing: string[] = [];
    const files = loadedFiles(manifest, ['src/page.tsx', 'src/gone.tsx'], (key) => missing.push(key));
    expect([...files.js]).toEqual(['assets/page.js', 'assets/shared.js', 'assets/index.js']);
    expect([...files.css]).toEqual(['assets/page.css', 'assets/index.css']);
    expect(missing).toEqual(['src/gone.tsx']);
  });
});
