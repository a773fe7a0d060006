import { PassThrough } from 'node:stream';
import { serverMessages } from '@waypoint/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailedLink } from '../../test/outbox.ts';
import { startSmtpReceiver } from '../../test/smtp-receiver.ts';
import { createTestApp, createUser, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let logText = '';

beforeAll(async () => {
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => {
    logText += chunk.toString('utf8');
  });
  t = await createTestApp({ logLevel: 'info' }, { logStream });
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('user enumeration', () => {
  it('spends the same password work on unknown addresses as on known ones', async () => {
    const me = await createUser(t);
    let known = 0;
    let unknown = 0;
    // Interleaved, so that a busy machine slows both sides alike.
    for (let i = 0; i < 10; i++) {
      let start = performance.now();
      expect((await post('/api/users/login', { email: me.email, password: `wrong ${i}` })).statusCode).toBe(
        401,
      );
      known += performance.now() - start;
      start = performance.now();
      const res = await post('/api/users/login', { email: `ghost${i}@example.test`, password: `wrong ${i}` });
      expect(res.statusCode).toBe(401);
      unknown += performance.now() - start;
    }
    console.info(`login, 10 tries: known ${known.toFixed(0)} ms, unknown ${unknown.toFixed(0)} ms`);
    expect(unknown).toBeGreaterThan(known / 2);
  });
});

describe('recovery mails go out after the answer', () => {
  it('answers a registered address before its mail is sent, so known and unknown take the same path', async () => {
    // A mail server slow to greet: the answer must not wait for it.
    const smtp = await startSmtpReceiver(3000);
    const app = await createTestApp({ smtpUrl: smtp.url });
    try {
      const me = await createUser(app);
      for (const email of [me.email, 'nobody-here@example.test']) {
        const answer = await app.app.inject({
          method: 'POST',
          url: '/api/users/forgotPassword',
          payload: { email },
        });
        expect(answer.statusCode).toBe(200);
        expect(smtp.received).toEqual([]);
      }
      await vi.waitFor(() => expect(smtp.received.map((mail) => mail.to)).toEqual([[me.email]]), {
        timeout: 15_000,
        interval: 50,
      });
      expect(smtp.received[0]?.data).toMatch(/passwordRecovery\//);
    } finally {
      await app.close();
      await smtp.close();
    }
  });
});

describe('password strength', () => {
  it('refuses common or guessable passwords on register, naming body.password', async () => {
    for (const password of ['password1', 'qwertyuiop', 'iloveyou1', '12345678']) {
      const res = await post('/api/users/register', {
        username: 'weakling',
        email: 'weakling@example.test',
        password,
      });
      expect(res.statusCode, password).toBe(400);
      expect(res.json().errors).toEqual([{ field: 'body.password', message: serverMessages.weakPassword }]);
    }
  });

  it('refuses breached passwords that look strong, and passwords published as examples', async () => {
    // From the breach list; each scores as "somewhat guessable" or better on its own.
    const breached = ['0147896325you', '06081982h@d!', '030169dennis'];
    const published = ['correcthorsebatterystaple', 'Correct Horse Battery Staple', 'Tr0ub4dor&3'];
    for (const password of [...breached, ...published]) {
      const res = await post('/api/users/register', {
        username: 'breachling',
        email: 'breachling@example.test',
        password,
      });
      expect(res.statusCode, password).toBe(400);
      expect(res.json().errors).toEqual([{ field: 'body.password', message: serverMessages.weakPassword }]);
    }
  });

  it("refuses the site's name and, on recovery too, the user's own name", async () => {
    const register = await post('/api/users/register', {
      username: 'site-fan',
      email: 'site-fan@example.test',
      password: 'waypoint123',
    });
    expect(register.statusCode).toBe(400);
    const me = await createUser(t, { username: 'polly-user1' });
    await post('/api/users/forgotPassword', { email: me.email });
    const hash = await mailedLink(t.dataDir, me.email, '/passwordRecovery');
    for (const newPassword of ['polly-user1', 'Waypoint2024']) {
      const recover = await post('/api/users/passwordRecovery', { hash, newPassword });
      expect(recover.statusCode, newPassword).toBe(400);
      expect(recover.json().errors).toEqual([
        { field: 'body.newPassword', message: serverMessages.weakPassword },
      ]);
    }
  });

  it('refuses them on password change and recovery, naming body.newPassword', async () => {
    const me = await createUser(t);
    const change = await post(
      '/api/users/changePassword',
      { oldPassword: me.password, newPassword: 'password123' },
      me.auth,
    );
    expect(change.statusCode).toBe(400);
    expect(change.json().errors).toEqual([
      { field: 'body.newPassword', message: serverMessages.weakPassword },
    ]);

    await post('/api/users/forgotPassword', { email: me.email });
    const hash = await mailedLink(t.dataDir, me.email, '/passwordRecovery');
    const recover = await post('/api/users/passwordRecovery', { hash, newPassword: 'trustno1' });
    expect(recover.statusCode).toBe(400);
    expect(recover.json().errors).toEqual([
      { field: 'body.newPassword', message: serverMessages.weakPassword },
    ]);
    // The refused attempt did not use up the link.
    expect(
      (await post('/api/users/passwordRecovery', { hash, newPassword: 'a sturdy new secret' })).statusCode,
    ).toBe(200);
  });
});

describe('single-use links', () => {
  it('lets exactly one of 10 parallel recoveries with one link succeed', async () => {
    const me = await createUser(t);
    await post('/api/users/forgotPassword', { email: me.email });
    const hash = await mailedLink(t.dataDir, me.email, '/passwordRecovery');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post('/api/users/passwordRecovery', { hash, newPassword: `parallel secret number ${i}` }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 400, 400, 400, 400, 400, 400, 400, 400, 400]);
  });

  it('lets exactly one of 10 parallel confirmations with one link succeed', async () => {
    const email = 'confirm-race@example.test';
    expect(
      (await post('/api/users/register', { username: 'confirmrace', email, password: 'long enough secret' }))
        .statusCode,
    ).toBe(201);
    const hash = await mailedLink(t.dataDir, email, '/confirmAccount');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => t.app.inject({ method: 'GET', url: `/api/users/confirm/${hash}` })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
  });

  it('ends an open recovery link when the password is changed', async () => {
    const me = await createUser(t);
    await post('/api/users/forgotPassword', { email: me.email });
    const hash = await mailedLink(t.dataDir, me.email, '/passwordRecovery');
    const changed = await post(
      '/api/users/changePassword',
      { oldPassword: me.password, newPassword: 'changed in time' },
      me.auth,
    );
    expect(changed.statusCode).toBe(200);
    const late = await post('/api/users/passwordRecovery', { hash, newPassword: 'attacker chosen secret' });
    expect(late.statusCode).toBe(400);
  });
});

describe('link secrets stay out of the logs', () => {
  it('logs neither the confirmation nor the recovery secret', async () => {
    const email = 'quiet@example.test';
    await post('/api/users/register', { username: 'quietone', email, password: 'long enough secret' });
    const confirmSecret = await mailedLink(t.dataDir, email, '/confirmAccount');
    await t.app.inject({ method: 'GET', url: `/api/users/confirm/${confirmSecret}` });
    await t.app.inject({ method: 'GET', url: `/confirmAccount/${confirmSecret}` });
    await post('/api/users/forgotPassword', { email });
    const recoverySecret = await mailedLink(t.dataDir, email, '/passwordRecovery');
    await t.app.inject({ method: 'GET', url: `/passwordRecovery/${recoverySecret}?x=1` });
    await post('/api/users/passwordRecovery', { hash: recoverySecret, newPassword: 'quiet new secret' });

    expect(logText).toContain('outbox');
    expect(logText).toContain('/api/users/confirm/');
    expect(logText).not.toContain(confirmSecret);
    expect(logText).not.toContain(recoverySecret);
  });
});

describe('the request log', () => {
  it('writes one line per answered request, with its address, status and time', async () => {
    const before = logText.length;
    await t.app.inject({ method: 'GET', url: '/api/games?log=probe' });
    const lines = logText
      .slice(before)
      .split('\n')
      .filter((line) => line.includes('/api/games?log=probe'));
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!);
    expect(entry).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET' },
      res: { statusCode: 400 },
    });
    expect(typeof entry.responseTime).toBe('number');
  });
});
