#!/usr/bin/env node
/**
 * Web bundle benchmark: builds the app and prints, per route, the gzip size of the JavaScript and CSS
 * that the first visit loads (entry, the page chunk, the navigation bar where shown, the consent dialog
 * that opens on a first visit, and everything those import statically). Fails when the home or game
 * page loads more than the budget. With --write, the figures go to docs/benchmarks.md under "## Web".
 *
 * Usage: node apps/web/scripts/bench-web.mjs [--no-build] [--write]
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const webDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const rootDir = resolve(webDir, '../..');
const dist = join(webDir, 'dist');
const budgetKb = 120;
const args = new Set(process.argv.slice(2));

if (!args.has('--no-build')) {
  execFileSync(process.execPath, [join(rootDir, 'node_modules/vite/bin/vite.js'), 'build'], {
    cwd: webDir,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const bar = 'src/app/nav/NavBar.tsx';
const consent = 'src/features/consent/ConsentDialog.tsx';

/** Routes and the modules their first load needs besides the entry. */
const routes = [
  { name: 'home', path: '/', modules: ['src/features/home/HomePage.tsx'], budget: true },
  { name: 'game', path: '/game/{id}', modules: ['src/features/game/GamePage.tsx', bar], budget: true },
  { name: 'login', path: '/login', modules: ['src/features/account/LoginPage.tsx', bar] },
  { name: 'register', path: '/register', modules: ['src/features/account/RegisterPage.tsx', bar] },
  { name: 'profile', path: '/profile', modules: ['src/features/account/ProfilePage.tsx', bar] },
  { name: 'privacy', path: '/privacy', modules: ['src/features/legal/PrivacyPage.tsx', bar] },
  { name: 'error', path: '/error', modules: ['src/features/error/ErrorPage.tsx', bar] },
  { name: 'map', path: '/game/{id}/maps/{id}', modules: ['src/features/map/route.tsx', bar] },
  { name: 'admin', path: '/admin', modules: ['src/features/admin/route.tsx', bar] },
];

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const gz = new Map();
function gzipKb(file) {
  if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024);
  return gz.get(file);
}

function closure(keys) {
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
}

const sum = (files) => files.reduce((a, f) => a + gzipKb(f), 0);
const rows = [];
let failed = false;
for (const route of routes) {
  const missing = route.modules.filter((m) => !manifest[m]);
  if (missing.length) throw new Error(`Not in the build manifest: ${missing.join(', ')}`);
  const first = closure([entryKey, ...route.modules, consent]);
  const returning = closure([entryKey, ...route.modules]);
  const row = {
    route: route.name,
    path: route.path,
    js: sum(first.js),
    css: sum(first.css),
    jsReturning: sum(returning.js),
    chunks: first.js.length,
  };
  rows.push(row);
  if (route.budget && row.js > budgetKb) failed = true;
}

const header = '| route | path | JS first visit (gzip KB) | JS later visits | CSS (gzip KB) | JS files |';
const lines = [header, '|---|---|---:|---:|---:|---:|'];
for (const r of rows) {
  lines.push(
    `| ${r.route} | \`${r.path}\` | ${r.js.toFixed(1)} | ${r.jsReturning.toFixed(1)} | ${r.css.toFixed(1)} | ${r.chunks} |`,
  );
}
const table = lines.join('\n');
console.log(table);
console.log(`\nBudget: home and game pages at most ${budgetKb} KB gzip JavaScript on a first visit.`);

if (args.has('--write')) {
  const file = join(rootDir, 'docs/benchmarks.md');
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n';
  const date = new Date().toISOString().slice(0, 10);
  const section = `## Web\n\nMeasured ${date} with \`npm run bench:web\` (Vite production build, gzip level 9). "First visit" includes the consent dialog that opens when no choice is stored; "later visits" is without it. The CI budget fails when home or game exceeds ${budgetKb} KB of gzip JavaScript on a first visit.\n\n${table}\n`;
  const start = text.indexOf('## Web\n');
  let next;
  if (start >= 0) {
    const after = text.indexOf('\n## ', start + 1);
    next = text.slice(0, start) + section + (after >= 0 ? text.slice(after) : '');
  } else {
    next = `${text.trimEnd()}\n\n${section}`;
  }
  writeFileSync(file, next);
  console.log(`Written to ${file}`);
}

if (failed) {
  console.error(`FAIL: the home or game page loads more than ${budgetKb} KB of gzip JavaScript.`);
  process.exit(1);
}
