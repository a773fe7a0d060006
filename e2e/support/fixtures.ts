import { randomBytes } from 'node:crypto';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  test as base,
  expect,
  type Page,
} from '@playwright/test';
import { linkFromMail } from './outbox.ts';

export const admin = {
  email: process.env.ADMIN_EMAIL ?? 'admin@waypoint.local',
  password: process.env.ADMIN_PASSWORD ?? 'waypoint-admin',
};

/**
 * The demo games' cards: other journeys (the admin panel) add games of their own to the shared
 * server while these run, so pages listing games are checked on the demo ones.
 */
export const demoGames = /Frontier Zone|Emberfall Chronicles|Schedule I/;

/** A unique user for one test. */
export function newUser() {
  const id = randomBytes(4).toString('hex');
  return { username: `player_${id}`, email: `player_${id}@example.test`, password: `first-pass-${id}` };
}

/** Registers and confirms a user through the API and the e-mailed link. */
export async function createConfirmedUser(request: APIRequestContext) {
  const user = newUser();
  const res = await request.post('/api/users/register', {
    data: { username: user.username, email: user.email, password: user.password },
  });
  expect(res.status()).toBe(201);
  const link = await linkFromMail(user.email, 'confirmAccount');
  const hash = link.split('/').at(-1);
  expect((await request.get(`/api/users/confirm/${hash}`)).ok()).toBe(true);
  return user;
}

/** Logs in through the form on the current login page. */
export async function submitLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

interface Options {
  /** Start as a first-time visitor: no consent choice stored yet. */
  firstVisit: boolean;
  /**
   * The page keeps its live stream (`/api/live`). Off for every other journey: the journeys share one
   * server, and another journey's content write would reach an open map through the stream and draw
   * it again in the middle of a check.
   */
  liveUpdates: boolean;
}

/**
 * Waits until a toast with this text has been shown since the last call that consumed it. Toasts
 * close after 2 s (SPEC §8), which a busy machine can outlast between two polls of a visibility
 * check; the page records every toast as it is added, so none is missed.
 */
export async function seenToast(page: Page, text: string, timeout = 7_000) {
  await expect
    .poll(
      () =>
        page.evaluate((wanted) => {
          const log = (window as unknown as { __toasts?: string[] }).__toasts ?? [];
          const at = log.findIndex((t) => t.includes(wanted));
          if (at < 0) return false;
          log.splice(at, 1);
          return true;
        }, text),
      { timeout, message: `toast "${text}"` },
    )
    .toBe(true);
}

/** Records the text of every toast as it appears, on every page of the context (see seenToast). */
export function recordToasts(context: BrowserContext) {
  return context.addInitScript(() => {
    const log: string[] = [];
    (window as unknown as { __toasts: string[] }).__toasts = log;
    const seen = new WeakSet<Element>();
    const record = () => {
      for (const el of Array.from(document.querySelectorAll('.mantine-Notification-root'))) {
        const text = el.textContent ?? '';
        if (!seen.has(el) && text) {
          seen.add(el);
          log.push(text);
        } else if (seen.has(el) && text && (el as HTMLElement).dataset.toastText !== text) {
          // A pending toast turned into its outcome.
          log.push(text);
        }
        (el as HTMLElement).dataset.toastText = text;
      }
    };
    new MutationObserver(record).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

/** The live stream's address (not its ticket's). */
const liveStream = (url: URL) => url.pathname === '/api/live';

/** The configured ad, analytics and error-reporting hosts of the test server (playwright.config.ts). */
export const serviceHosts = /^https?:\/\/[^/]*\.waypoint\.test(\/|$)/;

/**
 * What every journey's browser context starts with: toasts recorded, the site services' hosts
 * answered here (an empty answer: nothing leaves the machine) and, unless it tests the first visit,
 * a stored consent choice.
 */
async function prepareContext(context: BrowserContext, consented: boolean, liveUpdates = false) {
  await recordToasts(context);
  await context.route(serviceHosts, (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: '' }),
  );
  // A 204 tells EventSource not to connect again (HTML's server-sent events).
  if (!liveUpdates) await context.route(liveStream, (route) => route.fulfill({ status: 204 }));
  if (!consented) return;
  await context.addInitScript(() => {
    if (!localStorage.getItem('waypoint-consent')) {
      localStorage.setItem(
        'waypoint-consent',
        JSON.stringify({ necessary: true, analytics: false, advertising: false, decidedAt: '2026-01-01' }),
      );
    }
  });
}

/**
 * A page in a browser context of its own (a second visitor beside the test's own page), prepared as
 * every journey's context is; closing its context is the caller's.
 */
export async function visitorPage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext(options);
  await prepareContext(context, true);
  return context.newPage();
}

/** Every test starts with a stored consent choice, unless it tests the first visit. */
export const test = base.extend<Options>({
  firstVisit: [false, { option: true }],
  liveUpdates: [false, { option: true }],
  context: async ({ context, firstVisit, liveUpdates }, use) => {
    await prepareContext(context, !firstVisit, liveUpdates);
    await use(context);
  },
});

export type { Page };
export { expect };
