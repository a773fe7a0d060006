import { serverMessages } from '@waypoint/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createTestApp, createUser, type TestApp } from '../../test/test-app.ts';
import { writeRateLimit } from '../limits/limits.ts';

const login = (t: TestApp, email: string, password: string, from?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email, password },
    headers: from ? { 'x-forwarded-for': from } : {},
  });

describe('per-address limit on login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ authRateLimit: 3 });
  });
  afterAll(() => t.close());

  it('limits login attempts per address with a 429', async () => {
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await login(t, 'a@example.test', 'x')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    const last = await login(t, 'a@example.test', 'x');
    expect(last.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
  });
});

describe('client address behind proxies', () => {
  it('ignores a made-up X-Forwarded-For unless a proxy is configured', async () => {
    const t = await createTestApp({ authRateLimit: 20 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 100; i++) {
        const res = await login(t, `someone${i}@example.test`, 'wrong password', `10.0.${i}.1`);
        statuses.push(res.statusCode);
      }
      expect(statuses.filter((s) => s === 429)).toHaveLength(80);
    } finally {
      await t.close();
    }
  });

  it('counts the forwarded address when the request comes from a configured proxy', async () => {
    const t = await createTestApp({ authRateLimit: 3, trustProxy: ['127.0.0.1'] });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++)
        statuses.push((await login(t, `x${i}@example.test`, 'wrong', '203.0.113.7')).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
      expect((await login(t, 'y@example.test', 'wrong', '203.0.113.8')).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });
});

describe('per-account limit on failed logins', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: ['127.0.0.1'], loginFailureLimit: 3 });
  });
  afterAll(() => t.close());

  it('locks the account after too many failures from any address, whatever the password', async () => {
    const me = await createUser(t);
    const other = await createUser(t);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await login(t, me.email, 'not my password', `198.51.100.${i}`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const locked = await login(t, me.email.toUpperCase(), me.password, '198.51.100.99');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(
      /^Too many failed logins for this account\. Try again in \d+ minutes?\./,
    );
    expect(locked.headers['retry-after']).toBeDefined();
    expect((await login(t, other.email, other.password, '198.51.100.1')).statusCode).toBe(200);
  });

  it('answers the same for an unknown address, so the lock reveals nothing', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await login(t, 'nobody-here@example.test', 'guess', `192.0.2.${i}`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('forgets earlier failures after a successful login', async () => {
    const me = await createUser(t);
    for (let i = 0; i < 2; i++) expect((await login(t, me.email, 'nope nope')).statusCode).toBe(401);
    expect((await login(t, me.email, me.password)).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) expect((await login(t, me.email, 'nope nope')).statusCode).toBe(401);
    expect((await login(t, me.email, me.password)).statusCode).toBe(200);
  });
});

describe('limits on register, forgotPassword and changePassword', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      trustProxy: ['127.0.0.1'],
      registerRateLimit: 2,
      forgotPasswordRateLimit: 2,
      changePasswordRateLimit: 2,
    });
  });
  afterAll(() => t.close());

  it('limits registrations per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users/register',
        headers: { 'x-forwarded-for': '203.0.113.50' },
        payload: { username: `joiner${i}`, email: `joiner${i}@example.test`, password: 'long enough secret' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([201, 201, 429]);
  });

  it('limits recovery mails per target address, whoever asks', async () => {
    const me = await createUser(t);
    const ask = (email: string, from: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/forgotPassword',
        headers: { 'x-forwarded-for': from },
        payload: { email },
      });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await ask(me.email, `203.0.113.${60 + i}`)).statusCode);
    expect(statuses).toEqual([200, 200, 429]);
    expect((await ask(me.email.toUpperCase(), '203.0.113.70')).statusCode).toBe(429);
    expect((await ask('someone-else@example.test', '203.0.113.60')).statusCode).toBe(200);
  });

  it('limits password changes per user', async () => {
    const me = await createUser(t);
    const other = await createUser(t);
    const change = (auth: Record<string, string>, from: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/changePassword',
        headers: { ...auth, 'x-forwarded-for': from },
        payload: { oldPassword: 'wrong old one', newPassword: 'next secret 1' },
      });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await change(me.auth, `203.0.113.${80 + i}`)).statusCode);
    expect(statuses).toEqual([400, 400, 429]);
    expect((await change(other.auth, '203.0.113.80')).statusCode).toBe(400);
  });
});

describe('counters shared between server processes', () => {
  it('holds the limit across two apps on one database', async () => {
    const t = await createTestApp({ authRateLimit: 4 });
    const secondDb = t.openDb();
    const second = await buildApp(t.config, { db: secondDb, logger: false });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const app = i % 2 === 0 ? t.app : second;
        const res = await app.inject({
          method: 'POST',
          url: '/api/users/login',
          payload: { email: `n${i}@example.test`, password: 'x' },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    } finally {
      await second.close();
      await secondDb.close();
      await t.close();
    }
  });
});

describe('limits ready for the community write routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      { trustProxy: ['127.0.0.1'], voteRateLimit: 2 },
      {
        beforeReady: (app) => {
          app.post(
            '/api/test/vote',
            { config: { role: 'user', rateLimit: writeRateLimit(app.ctx.config, 'vote') } },
            async () => ({ ok: true }),
          );
        },
      },
    );
  });
  afterAll(() => t.close());

  it('limits each user on their own, whatever address they come from', async () => {
    const me = await createUser(t);
    const other = await createUser(t);
    const vote = (auth: Record<string, string>, from: string) =>
      t.app.inject({ method: 'POST', url: '/api/test/vote', headers: { ...auth, 'x-forwarded-for': from } });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await vote(me.auth, `192.0.2.${i}`)).statusCode);
    expect(statuses).toEqual([200, 200, 429]);
    expect((await vote(me.auth, '192.0.2.200')).json().message).toBe(serverMessages.tooManyRequests);
    expect((await vote(other.auth, '192.0.2.0')).statusCode).toBe(200);
  });
});
