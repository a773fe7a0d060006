import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { shellSlots } from '@waypoint/shared/html';
import { describe, expect, it } from 'vitest';
import type { Config } from '../../config.ts';
import { renderPage, webShell } from './page-shell.ts';

/** A built index.html (with or without the template of what the page asks for after its first paint). */
function build(head: string) {
  const dist = mkdtempSync(path.join(tmpdir(), 'waypoint-shell-'));
  writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><html><head>${shellSlots.head}${head}</head><body></body></html>`,
  );
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(
    path.join(dist, '.vite/manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-1.js', isEntry: true },
      'src/page.tsx': { file: 'assets/page-1.js', css: ['assets/page-1.css'] },
    }),
  );
  const config = { webDist: dist, webHost: 'https://maps.example', apiBase: '' } as Config;
  return webShell(config);
}

const meta = { title: 'Page', modules: ['src/page.tsx'], data: ['/api/page'] };
const tags = [
  '<link rel="preload" as="style" crossorigin href="/assets/page-1.css" />',
  '<link rel="modulepreload" crossorigin href="/assets/page-1.js" />',
  '<link rel="preload" as="fetch" href="/api/page" crossorigin="anonymous" />',
];

describe('page shell', () => {
  it("adds the page's preloads after the entry's, in the template the page moves into <head> after its first paint", () => {
    const shell = build(
      `\n<template id="wp-after-paint">\n<link rel="modulepreload" crossorigin href="/assets/index-1.js">\n${shellSlots.preloads}\n</template>\n<link rel="stylesheet" href="/assets/index.css">`,
    );
    const { html } = renderPage(shell, meta, '/page');
    const later = html.match(/<template id="wp-after-paint">([\s\S]*?)<\/template>/)?.[1] ?? '';
    const order = [later.indexOf('/assets/index-1.js'), ...tags.map((tag) => later.indexOf(tag))];
    expect(order.every((at) => at >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(html.split('/assets/page-1.js').length).toBe(2);
  });

  it('puts them in <head> in a build without that template', () => {
    const { html } = renderPage(
      build('<script type="module" src="/assets/index-1.js"></script>'),
      meta,
      '/page',
    );
    const head = html.slice(0, html.indexOf('</head>'));
    for (const tag of tags) expect(head).toContain(tag);
  });
});
