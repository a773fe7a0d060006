import type { APIRequestContext, Page } from '@playwright/test';
import { constants } from '@waypoint/shared/constants';
import { createConfirmedUser, expect, test } from '../support/fixtures.ts';

/** The demo shooter game with the quest tracker and Items To Keep. */
export const FZ = 'frontier_zone';
export const questId = (slug: string) => `fz_q_${slug}`;
export const itemId = (slug: string) => `fz_i_${slug}`;

/** A fresh confirmed player, logged in for the page through the session cookie. */
export async function loginNewPlayer(page: Page, request: APIRequestContext) {
  const user = await createConfirmedUser(request);
  const res = await request.post('/api/users/login', {
    data: { email: user.email, password: user.password },
  });
  expect(res.ok()).toBe(true);
  const { token } = (await res.json()) as { token: string };
  const url = test.info().project.use.baseURL;
  if (!url) throw new Error('baseURL is not configured');
  await page.context().addCookies([{ name: constants.cookieName, value: token, url }]);
  /** A GET on the player's own API, answered as JSON. */
  const api = async <T>(path: string): Promise<T> => {
    const r = await request.get(`/api${path}`, { headers: { authorization: `Bearer ${token}` } });
    expect(r.ok(), `GET ${path}`).toBe(true);
    return (await r.json()) as T;
  };
  return { user, token, api };
}

/**
 * Waits for a tool page's first content. The first page of a fresh server can be slow while the
 * server draws its demo images, so this wait is longer than the usual assertion timeout.
 */
export async function waitForTool(page: Page, testId: string) {
  await expect(page.getByTestId(testId).first()).toBeVisible({ timeout: 30_000 });
}
