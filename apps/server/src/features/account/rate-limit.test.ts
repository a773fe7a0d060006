import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ authRateLimit: 3 });
});
afterAll(() => t.close());

it('limits login attempts per address with a 429', async () => {
  const attempt = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'a@example.test', password: 'x' },
    });
  const statuses = [];
  for (let i = 0; i < 5; i++) statuses.push((await attempt()).statusCode);
  expect(statuses).toEqual([401, 401, 401, 429, 429]);
  const last = await attempt();
  expect(last.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
});
