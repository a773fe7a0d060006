import { expect, type Page, type Request } from '@playwright/test';

/**
 * Follows a page's requests from now on, to wait until it has been quiet for a while. Playwright's
 * own `networkidle` never comes on pages that preload their API answers: Chromium reports the app's
 * fetch that takes over a preloaded answer as a request of its own (type "other") that never ends,
 * though nothing more is downloaded. Such a request counts as ended once its answer is in.
 */
export function followRequests(page: Page) {
  const pending = new Set<Request>();
  let lastChange = Date.now();
  const end = (request: Request) => {
    pending.delete(request);
    lastChange = Date.now();
  };
  page.on('request', (request) => {
    pending.add(request);
    lastChange = Date.now();
  });
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  page.on('response', (response) => {
    if (response.request().resourceType() === 'other') end(response.request());
  });
  return {
    /** Waits until no request has been open for `quietMs`. */
    async quiet(quietMs = 500, timeout = 15_000) {
      await expect
        .poll(() => pending.size === 0 && Date.now() - lastChange >= quietMs, { timeout, intervals: [100] })
        .toBe(true);
    },
  };
}
