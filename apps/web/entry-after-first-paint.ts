import type { Plugin } from 'vite';
import { afterPaintTemplateId } from '../../packages/shared/src/html.ts';
import { consentAskAttribute } from './src/features/consent/consent-keys.ts';

/** The global function of the head's script that moves the waiting tags into <head>. */
const moverName = 'waypointPreload';
/** Link tags moved into <head> per task. */
const linksPerTask = 8;

/**
 * Starts the app's code after the page's first paint, and on a first visit asks for it after that
 * paint too.
 *
 * - The link tags of the app's modules, the page's own stylesheets and its first API answers wait,
 *   inert, in a template in <head> (the server adds the page's own to it).
 * - A small script in <head> moves them into <head> at once, a few per task (the requests start
 *   while the page is parsed), unless the page's own copy of the consent question is asking: that
 *   question is then what the first paint shows, it needs only the HTML and its stylesheet, and the
 *   rest is asked for once it is on the screen, so that nothing shares the connection with the
 *   stylesheet. The visitor is reading the question meanwhile.
 * - A script at the end of the body imports the entry once the first frame has been painted (moving
 *   the tags first if they are still waiting), so that the modules are not evaluated before anything
 *   is painted. A page that is hidden has no frames and starts at once; a frame that does not come
 *   within a second does not hold the app either.
 *
 * The head's inline scripts (colour scheme, whether the consent question asks) are put before its
 * stylesheets: an inline script after a stylesheet waits for that stylesheet to load.
 */
export function entryAfterFirstPaint(): Plugin {
  return {
    name: 'waypoint-entry-after-first-paint',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        // Only the production build: the dev server's entry is its own.
        if (!ctx.bundle) return html;
        const tag = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
        const src = html.match(tag)?.[1];
        if (!src) throw new Error('entry-after-first-paint: no entry script in index.html');
        const preloads = /<link rel="modulepreload" crossorigin href="[^"]+">\s*/g;
        const links = [
          `<link rel="modulepreload" crossorigin href="${src}">`,
          ...(html.match(preloads) ?? []),
        ]
          .map((l) => l.trim())
          .join('\n      ');
        const id = JSON.stringify(afterPaintTemplateId);
        // Moves the waiting tags into <head> a few per task (each starts a request, and a few dozen
        // in one task are a long task on a phone): the page's API answers first (they wait for the
        // server), then its code and stylesheets. Calls back once all are in.
        const early = `var ${moverName} = (function () {
  var links, waiting = [], done = false;
  function next() {
    var batch = links.splice(0, ${linksPerTask});
    for (var i = 0; i < batch.length; i++) document.head.appendChild(batch[i]);
    if (links.length) return setTimeout(next, 0);
    done = true;
    while (waiting.length) waiting.shift()();
  }
  return function (then) {
    if (done) return then && then();
    if (then) waiting.push(then);
    if (links) return;
    var later = document.getElementById(${id});
    var content = later ? later.content : document.createDocumentFragment();
    links = [].slice.call(content.querySelectorAll('link[as=fetch]'))
      .concat([].slice.call(content.querySelectorAll('link:not([as=fetch])')));
    next();
  };
})();
if (!document.documentElement.hasAttribute(${JSON.stringify(consentAskAttribute)})) ${moverName}();`;
        const start = `(function () {
  var started = false;
  function start() {
    if (started) return;
    started = true;
    ${moverName}(function () { import(${JSON.stringify(src)}); });
  }
  if (document.visibilityState !== 'visible') start();
  else requestAnimationFrame(function () { setTimeout(start, 0); });
  setTimeout(start, 1000);
})();`;
        const headEnd = html.indexOf('</head>');
        let head = html.slice(0, headEnd).replace(tag, '').replace(preloads, '');
        const body = html.slice(headEnd);
        const scripts: string[] = [];
        head = head.replace(/<script>[\s\S]*?<\/script>\s*/g, (script) => {
          scripts.push(script.trim());
          return '';
        });
        const styles = head.search(/<link rel="stylesheet"/);
        if (styles < 0) throw new Error('entry-after-first-paint: no stylesheet in index.html');
        const before = [
          ...scripts,
          `<template id="${afterPaintTemplateId}">\n      ${links}\n    </template>`,
          `<script>${early}</script>`,
        ].join('\n    ');
        return (
          head.slice(0, styles) +
          `${before}\n    ` +
          head.slice(styles) +
          body.replace('</body>', `<script>${start}</script>\n</body>`)
        );
      },
    },
  };
}
