/**
 * What each route loads first, from a Vite build manifest: the entry, the route's modules and
 * everything they import statically. Used by bench:web and by the end-to-end budget check.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const budgetKb = 120;
export const barModule = 'src/app/nav/NavBar.tsx';
export const consentModule = 'src/features/consent/ConsentDialog.tsx';

/** Routes and the modules their first load needs besides the entry. */
export const routes = [
  { name: 'home', path: '/', modules: ['src/features/home/HomePage.tsx'], budget: true },
  { name: 'game', path: '/game/{id}', modules: ['src/features/game/GamePage.tsx', barModule], budget: true },
  { name: 'login', path: '/login', modules: ['src/features/account/LoginPage.tsx', barModule] },
  { name: 'register', path: '/register', modules: ['src/features/account/RegisterPage.tsx', barModule] },
  { name: 'profile', path: '/profile', modules: ['src/features/account/ProfilePage.tsx', barModule] },
  { name: 'privacy', path: '/privacy', modules: ['src/features/legal/PrivacyPage.tsx', barModule] },
  { name: 'error', path: '/error', modules: ['src/features/error/ErrorPage.tsx', barModule] },
  { name: 'map', path: '/game/{id}/maps/{id}', modules: ['src/features/map/route.tsx', barModule] },
  { name: 'admin', path: '/admin', modules: ['src/features/admin/route.tsx', barModule] },
];

/** Gzip sizes (KB) of the JavaScript and CSS each route loads first, for a build folder. */
export function measureRoutes(dist) {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const sizes = new Map();
  const gzipKb = (file) => {
    if (!sizes.has(file))
      sizes.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024);
    return sizes.get(file);
  };
  const closure = (keys) => {
    const js = new Set();
    const css = new Set();
    const visit = (key) => {
      const chunk = manifest[key];
      if (!chunk || js.has(chunk.file)) return;
      js.add(chunk.file);
      for (const c of chunk.css ?? []) css.add(c);
      for (const i of chunk.imports ?? []) visit(i);
    };
    for (const k of keys) visit(k);
    return { js: [...js], css: [...css] };
  };
  const sum = (files) => files.reduce((a, f) => a + gzipKb(f), 0);
  return routes
    .filter((route) => route.modules.every((m) => manifest[m]))
    .map((route) => {
      // A first visit in English asks the consent question in the page itself (index.html); the app's
      // dialog (the Consent link, first visits in another language) loads its code when it opens.
      const first = closure([entryKey, ...route.modules]);
      const withDialog = closure([entryKey, ...route.modules, consentModule]);
      return {
        route: route.name,
        path: route.path,
        budget: route.budget === true,
        js: sum(first.js),
        css: sum(first.css),
        jsWithDialog: sum(withDialog.js),
        chunks: first.js.length,
        files: first.js,
      };
    });
}
