import { randomBytes } from 'node:crypto';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';
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
}

/** Every test starts with a stored consent choice, unless it tests the first visit. */
export const test = base.extend<Options>({
  firstVisit: [false, { option: true }],
  context: async ({ context, firstVisit }, use) => {
    if (!firstVisit) {
      await context.addInitScript(() => {
        if (!localStorage.getItem('waypoint-consent')) {
          localStorage.setItem(
            'waypoint-consent',
            JSON.stringify({
              necessary: true,
              analytics: false,
              advertising: false,
              decidedAt: '2026-01-01',
            }),
          );
        }
      });
    }
    await use(context);
  },
});

export type { Page };
export { expect };
