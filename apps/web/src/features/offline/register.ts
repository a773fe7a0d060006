import { Workbox } from 'workbox-window';
import { apiHeaders } from '../../api/client.ts';
import { cacheFor } from './rules.ts';
import { offerUpdate } from './status.ts';

const updateCheckMs = 60 * 60 * 1000;
const warmupTimeoutMs = 30_000;

/**
 * What this page loaded before the worker controlled it (the first visit): code and images go to
 * the worker to be cached (`CACHE_URLS`); the page's reads are asked again through it, with the
 * player's header, and their answers left unread: the worker keeps them, and the page neither parses
 * nor draws anything twice (refetching the page's queries would re-render the whole page and redraw
 * its map on a first visit).
 */
async function keepFirstVisit(wb: Workbox) {
  const urls = new Set<string>();
  const reads = new Set<string>();
  for (const entry of performance.getEntriesByType('resource')) {
    const url = new URL(entry.name);
    const kind = cacheFor(url, location.origin, false);
    if (kind === 'images' || kind === 'assets') urls.add(url.href);
    else if ((kind === 'api' || kind === 'progress') && url.origin === location.origin) reads.add(url.href);
  }
  // Images of another host (a CDN) were plain <img> requests: asked again the same way.
  const urlsToCache = [...urls].map((u) =>
    new URL(u).origin === location.origin ? u : [u, { mode: 'no-cors' as const }],
  );
  // The worker answers once all are cached; a lost connection meanwhile must not leave this waiting.
  const timeout = new Promise((resolve) => setTimeout(resolve, warmupTimeoutMs));
  await Promise.race([
    wb.messageSW({ type: 'CACHE_URLS', payload: { urlsToCache } }).catch(() => {}),
    timeout,
  ]);
  const headers = apiHeaders();
  await Promise.allSettled(
    [...reads].map(async (url) => {
      const res = await fetch(url, { headers });
      await res.blob();
    }),
  );
}

/** Registers the service worker; a new version waits for the player's Reload. */
export function registerServiceWorker() {
  const wb = new Workbox('/sw.js', { scope: '/' });
  const ready = () => document.documentElement.setAttribute('data-offline-ready', 'true');
  wb.addEventListener('waiting', () =>
    offerUpdate(() => {
      wb.addEventListener('controlling', () => location.reload());
      wb.messageSkipWaiting();
    }),
  );
  wb.addEventListener('controlling', (event) => {
    if (!event.isUpdate) void keepFirstVisit(wb).finally(ready);
  });
  wb.register()
    .then((registration) => {
      if (navigator.serviceWorker.controller) ready();
      setInterval(() => {
        if (navigator.onLine) void registration?.update();
      }, updateCheckMs);
    })
    // A browser that refuses workers (a policy, some private modes) keeps the site online-only:
    // nothing to report.
    .catch(() => {});
}
