import type { Plugin } from 'vite';
import { afterPaintTemplateId } from '../../packages/shared/src/html.ts';

/**
 * Starts the app's code after the page's first paint. The first paint needs only the HTML and its
 * stylesheet (the consent question of a first visit, the page's background); the app's modules, the
 * page's own stylesheets and its first API answers are not asked for until that frame is on the
 * screen, so they do not share the connection with the stylesheet, and the modules are not evaluated
 * before anything is painted. Their link tags wait, inert, in a template in <head> (the server adds
 * the page's own to it); a small script at the end of the body moves them into <head> once the first
 * frame has been painted, which starts all of those requests at once, and then imports the entry. A
 * page that is hidden has no frames and starts at once; a frame that does not come within a second
 * does not hold the app either.
 */
export function entryAfterFirstPaint(): Plugin {
  return {
    name: 'waypoint-entry-after-first-paint',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        // Only the production build: the dev server's entry is its own.
        if (!ctx.bundle) return html;
        const tag = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
        const src = html.match(tag)?.[1];
        if (!src) throw new Error('entry-after-first-paint: no entry script in index.html');
        const preloads = /<link rel="modulepreload" crossorigin href="[^"]+">\s*/g;
        const links = [
          `<link rel="modulepreload" crossorigin href="${src}">`,
          ...(html.match(preloads) ?? []),
        ]
          .map((l) => l.trim())
          .join('\n      ');
        const start = `(function () {
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var later = document.getElementById(${JSON.stringify(afterPaintTemplateId)});
    if (later) document.head.appendChild(later.content);
    import(${JSON.stringify(src)});
  }
  if (document.visibilityState !== 'visible') start();
  else requestAnimationFrame(function () { setTimeout(start, 0); });
  setTimeout(start, 1000);
})();`;
        return html
          .replace(preloads, '')
          .replace(tag, `<template id="${afterPaintTemplateId}">\n      ${links}\n    </template>`)
          .replace('</body>', `<script>${start}</script>\n</body>`);
      },
    },
  };
}
