import type { Plugin } from 'vite';

/**
 * Starts the app's code after the page's first paint. The entry script is fetched with the HTML as
 * before (a module preload), but it runs from a small script at the end of the body once the first
 * frame has been painted: what the HTML shows by itself (the consent question of a first visit, the
 * page's background) reaches the screen without waiting for the app's modules to be evaluated, which
 * on a fast connection otherwise run before anything is painted. A page that is hidden has no frames
 * and starts at once; a frame that does not come within a second does not hold the app either.
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
        const start = `(function () {
  var started = false;
  function start() {
    if (started) return;
    started = true;
    import(${JSON.stringify(src)});
  }
  if (document.visibilityState !== 'visible') start();
  else requestAnimationFrame(function () { setTimeout(start, 0); });
  setTimeout(start, 1000);
})();`;
        return html
          .replace(tag, `<link rel="modulepreload" crossorigin href="${src}">`)
          .replace('</body>', `<script>${start}</script>\n</body>`);
      },
    },
  };
}
