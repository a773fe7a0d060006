import type { Page, Request } from '@playwright/test';
import { expect, serviceHosts, test } from '../support/fixtures.ts';

/**
 * Ads, analytics and error reporting behind consent. The test server is configured with these
 * services at hosts that do not exist (playwright.config.ts); the page's requests to them are
 * answered here by small stand-ins of the real scripts, and every request is recorded.
 */

/** Stand-in of the AdSense tag: fills each new slot and asks the network for an ad. */
const adsScript = `(function(){function fill(){document.querySelectorAll('ins.adsbygoogle:not([data-filled])').forEach(function(ins){ins.setAttribute('data-filled','1');ins.textContent='Test ad';fetch('http://ads.waypoint.test/ad?slot='+ins.getAttribute('data-ad-slot'),{mode:'no-cors'});});}
var queued=window.adsbygoogle||[];window.adsbygoogle={push:function(){fill();}};if(queued.length)fill();})();`;

/** Stand-in of Plausible's manual script: each page view is a request to its event endpoint. */
const analyticsScript = `window.plausible=function(name,options){fetch('http://analytics.waypoint.test/api/event',{method:'POST',mode:'no-cors',body:JSON.stringify({n:name,u:options&&options.u})});};`;

interface Recorder {
  /** Every request the page made to another site, in order. */
  thirdParty: string[];
  /** Bodies of the error reports sent to the server's log. */
  clientErrors: string[];
  /** Bodies sent to the error-reporting service. */
  envelopes: string[];
  /** Page views the analytics service received (their page addresses). */
  pageviews: string[];
}

async function recordServices(page: Page, baseURL: string): Promise<Recorder> {
  const rec: Recorder = { thirdParty: [], clientErrors: [], envelopes: [], pageviews: [] };
  page.on('request', (request: Request) => {
    const url = request.url();
    if (url.startsWith('data:') || url.startsWith('blob:')) return;
    if (!url.startsWith(baseURL)) rec.thirdParty.push(url);
    if (url.startsWith(`${baseURL}/api/client-errors`)) rec.clientErrors.push(request.postData() ?? '');
  });
  await page.route(serviceHosts, async (route) => {
    const url = new URL(route.request().url());
    if (url.hostname === 'ads.waypoint.test' && url.pathname.endsWith('/adsbygoogle.js')) {
      return route.fulfill({ contentType: 'application/javascript', body: adsScript });
    }
    if (url.hostname === 'analytics.waypoint.test' && url.pathname.endsWith('.js')) {
      return route.fulfill({ contentType: 'application/javascript', body: analyticsScript });
    }
    if (url.hostname === 'analytics.waypoint.test') {
      rec.pageviews.push(JSON.parse(route.request().postData() ?? '{}').u ?? '');
    }
    if (url.hostname === 'sentry.waypoint.test') rec.envelopes.push(route.request().postData() ?? '');
    return route.fulfill({ status: 200, contentType: 'application/json', body: '{}' });
  });
  return rec;
}

/** Throws an uncaught error in the page, as a bug would. */
const throwInPage = (page: Page, message: string) =>
  page.evaluate((text) => {
    setTimeout(() => {
      throw new Error(text);
    }, 0);
  }, message);

const acceptAll = (context: import('@playwright/test').BrowserContext) =>
  context.addInitScript(() => {
    localStorage.setItem(
      'waypoint-consent',
      JSON.stringify({ necessary: true, analytics: true, advertising: true, decidedAt: '2026-01-01' }),
    );
  });

test.describe('first visit', () => {
  test.use({ firstVisit: true });

  test('nothing third-party loads before consent; ads, analytics and Sentry after; withdrawing stops them at the next page', async ({
    page,
    baseURL,
  }) => {
    const rec = await recordServices(page, baseURL ?? '');
    await page.goto('/game/frontier_zone');
    const dialog = page.getByRole('dialog', { name: 'Your privacy choices' });
    await expect(dialog).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Frontier Zone' })).toBeAttached();
    await expect(page.getByTestId('ad-slot')).toHaveCount(0);

    // Before consent an error goes to the server's log, scrubbed, and nowhere else.
    await throwInPage(page, 'Before consent for jane@example.com');
    await expect.poll(() => rec.clientErrors.length).toBe(1);
    expect(rec.clientErrors[0]).toContain('Before consent for [email]');
    expect(rec.clientErrors[0]).toContain('"route":"/game/:gameId"');
    expect(rec.thirdParty).toEqual([]);

    await dialog.getByRole('button', { name: 'Accept all' }).click();
    await expect(dialog).toBeHidden();
    // The ad slot (its space reserved) is filled by the network's tag.
    const slot = page.getByTestId('ad-slot');
    await expect(slot).toHaveAttribute('data-placement', 'page_bottom_center');
    await expect(slot.locator('ins.adsbygoogle')).toHaveText('Test ad');
    await expect
      .poll(() => rec.thirdParty.filter((u) => u.startsWith('http://ads.waypoint.test/ad?slot=')))
      .toEqual(['http://ads.waypoint.test/ad?slot=1000000001']);
    expect(rec.thirdParty).toContain(
      'http://ads.waypoint.test/pagead/js/adsbygoogle.js?client=ca-pub-0000000000000000',
    );
    // Analytics: the script, then a page view of this page without its query string.
    await expect.poll(() => rec.pageviews).toEqual([`${baseURL}/game/frontier_zone`]);
    // Errors now go to Sentry (its SDK loads after consent), without the e-mail address. (The SDK
    // also sends session envelopes: the poll waits for the error's own.)
    await expect
      .poll(async () => {
        if (!rec.envelopes.some((e) => e.includes('After consent')))
          await throwInPage(page, 'After consent for jane@example.com');
        return rec.envelopes.some((e) => e.includes('After consent'));
      })
      .toBe(true);
    const envelope = rec.envelopes.join('\n');
    expect(envelope).toContain('After consent for [email]');
    expect(envelope).not.toContain('jane@example.com');
    expect(envelope).toContain('"release":"waypoint@e2e"');
    expect(envelope).toContain('"route":"/game/:gameId"');
    const reportedToServer = rec.clientErrors.length;

    // A route change is a page view; the next page asks for its own ad.
    await page.getByTestId('tool-card').filter({ hasText: 'Quests' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Frontier Zone Quests' })).toBeVisible();
    await expect.poll(() => rec.pageviews).toContain(`${baseURL}/game/frontier_zone/tools/quests`);
    await expect(page.getByTestId('ad-slot').locator('ins.adsbygoogle')).toHaveText('Test ad');
    await expect
      .poll(() => rec.thirdParty.filter((u) => u.startsWith('http://ads.waypoint.test/ad?')).length)
      .toBe(2);

    // Withdrawn: the slot goes at once, and the next page sends nothing to any service.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Consent' }).click();
    await dialog.getByRole('button', { name: 'Only necessary' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('ad-slot')).toHaveCount(0);
    const before = rec.thirdParty.length;
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Frontier Zone' })).toBeVisible();
    await expect(page.getByTestId('ad-slot')).toHaveCount(0);
    await throwInPage(page, 'After withdrawal');
    await expect.poll(() => rec.clientErrors.length).toBe(reportedToServer + 1);
    expect(rec.thirdParty.slice(before)).toEqual([]);

    // And a new visit loads none of them.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Frontier Zone' })).toBeVisible();
    await expect(page.getByTestId('ad-slot')).toHaveCount(0);
    expect(rec.thirdParty.slice(before)).toEqual([]);
  });

  test('embedded pages never load ads, even with advertising allowed', async ({ page, context, baseURL }) => {
    await acceptAll(context);
    const rec = await recordServices(page, baseURL ?? '');
    const adRequests = () => rec.thirdParty.filter((u) => u.startsWith('http://ads.waypoint.test/'));

    // The minimal bar of an embedding site.
    await page.goto('/game/frontier_zone?minimalNavBar=true');
    await expect(page.getByRole('heading', { level: 1, name: 'Frontier Zone' })).toBeVisible();
    await expect(page.getByTestId('ad-slot')).toHaveCount(0);

    // The game page and the embedded map inside a frame.
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const frame = (title: string, src: string) =>
      page.evaluate(
        ([t, s]) => {
          document.body.innerHTML = `<iframe title="${t}" src="${s}" style="width:1100px;height:700px"></iframe>`;
        },
        [title, src],
      );
    await frame('game', '/game/frontier_zone');
    const game = page.frameLocator('iframe[title="game"]');
    await expect(game.getByTestId('category-card').first()).toBeVisible({ timeout: 15_000 });
    await expect(game.getByTestId('ad-slot')).toHaveCount(0);
    await frame('map', '/embed/game/frontier_zone/maps/fz_coast_harbor');
    const map = page.frameLocator('iframe[title="map"]');
    await expect(map.getByTestId('map').locator('.leaflet-control-zoom')).toBeVisible();
    await expect(map.getByTestId('ad-slot')).toHaveCount(0);
    expect(adRequests()).toEqual([]);

    // The same page on its own does show its ad: the checks above would have seen one.
    await page.goto('/game/frontier_zone');
    await expect(page.getByTestId('ad-slot').locator('ins.adsbygoogle')).toHaveText('Test ad');
    expect(adRequests().length).toBeGreaterThan(0);
  });

  test('the quest tracker shows quest_bottom_center while no game is loaded, and the slot keeps its space', async ({
    page,
    context,
    baseURL,
  }) => {
    await acceptAll(context);
    await recordServices(page, baseURL ?? '');
    // The layout shifts the page goes through, as the browser scores them (CLS).
    await page.addInitScript(() => {
      const w = window as unknown as { __cls: number };
      w.__cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
          if (!entry.hadRecentInput) w.__cls += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/game/frontier_zone', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/game/frontier_zone/tools/quests');
    const slot = page.getByTestId('ad-slot');
    await expect(slot).toHaveAttribute('data-placement', 'quest_bottom_center');
    await expect(slot.locator('ins.adsbygoogle')).toHaveAttribute('data-ad-slot', '1000000002');
    const box = await slot.locator('div').first().boundingBox();
    expect(box?.height).toBe(90);
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'Frontier Zone Quests' })).toBeVisible();
    await expect(slot).toHaveAttribute('data-placement', 'page_bottom_center');

    // A page with its ad: the ad arriving moves nothing.
    await page.goto('/game/frontier_zone');
    await expect(page.getByTestId('ad-slot').locator('ins.adsbygoogle')).toHaveText('Test ad');
    expect(await page.evaluate(() => (window as unknown as { __cls: number }).__cls)).toBeLessThanOrEqual(
      0.05,
    );
  });
});

test('without advertising consent, or on a phone between 768 and 1024 px, a slot takes no space', async ({
  page,
  baseURL,
}) => {
  const rec = await recordServices(page, baseURL ?? '');
  await page.goto('/game/frontier_zone');
  await expect(page.getByTestId('category-card').first()).toBeVisible();
  await expect(page.getByTestId('ad-slot')).toHaveCount(0);
  await page.evaluate(() =>
    localStorage.setItem(
      'waypoint-consent',
      JSON.stringify({ necessary: true, analytics: false, advertising: true, decidedAt: '2026-01-01' }),
    ),
  );
  // §9: leaderboards show from 1025 px or between 320 and 767 px.
  await page.setViewportSize({ width: 900, height: 900 });
  await page.reload();
  await expect(page.getByTestId('category-card').first()).toBeVisible();
  await expect(page.getByTestId('ad-slot')).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('ad-slot')).toBeVisible();
  await expect(page.getByTestId('ad-slot').locator('ins.adsbygoogle')).toHaveText('Test ad');
  // Analytics was not allowed: no analytics script and no page views.
  expect(rec.thirdParty.filter((u) => u.includes('analytics.waypoint.test'))).toEqual([]);
});
