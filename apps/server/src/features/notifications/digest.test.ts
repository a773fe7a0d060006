import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { mailsTo } from '../../test/outbox.ts';
import {
  createContent,
  createTestApp,
  createUser,
  type TestApp,
  type TestUser,
} from '../../test/test-app.ts';
import { createDigestSender, KEEP_NOTIFICATIONS_MS } from './digest-sender.ts';
import { insertNotifications } from './notifications.repository.ts';

/** Short enough for a test, long enough to tell "waits for the interval" from "sent at once". */
const INTERVAL_MS = 600;

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp({ notificationDigestMs: INTERVAL_MS, webHost: 'https://maps.example.test' });
  await createContent(t);
  admin = await createUser(t, { admin: true });
});
afterAll(() => t.close());

type Body = Record<string, unknown>;

function call(method: 'GET' | 'POST' | 'PUT', url: string, who: TestUser, payload?: Body) {
  return t.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });
}

async function optIn(who: TestUser, language: 'en' | 'de') {
  const res = await call('PUT', '/api/notifications/settings', who, { email: true, language });
  expect(res.statusCode, res.body).toBe(200);
}

async function suggest(who: TestUser, name: string) {
  const res = await call('POST', '/api/suggestion', who, {
    type: 'PLACED_MARKER',
    action: 'ADD',
    parentId: 'g1_map_a',
    data: JSON.stringify({ name, markerDefinitionId: 'def_loot', lat: -1, lng: 1, mapId: 'g1_map_a' }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as string;
}

async function reject(ids: string[]) {
  const res = await call('POST', '/api/admin/suggestions/reject', admin, { suggestionIds: ids });
  expect(res.statusCode, res.body).toBe(200);
}

const waitForMails = (to: string, count: number) =>
  vi.waitFor(
    () => {
      const mails = mailsTo(t.dataDir, to);
      if (mails.length < count) throw new Error(`${mails.length} of ${count} mails to ${to}`);
      return mails;
    },
    { timeout: 15_000, interval: 50 },
  );

/** A mail's text with its quoted-printable encoding undone (names with quotes are not plain ASCII). */
const decoded = (mail: string) =>
  Buffer.from(
    mail
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

const lastSentAt = async (userId: string) =>
  (
    await t.db.kysely
      .selectFrom('notification_digest')
      .select('lastSentAt')
      .where('userId', '=', userId)
      .executeTakeFirstOrThrow()
  ).lastSentAt;

/** The digest's send time once recorded (the mail is written first, then its time), and not `before`. */
async function sentAtAfter(userId: string, before: string | null = null) {
  const deadline = Date.now() + 10_000;
  let at = await lastSentAt(userId);
  while ((at === null || at === before) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    at = await lastSentAt(userId);
  }
  return at;
}

describe('e-mail digests', () => {
  it('batch a user’s unread notifications into one mail in their language, at most once per interval', async () => {
    const author = await createUser(t);
    await optIn(author, 'de');
    const a = await suggest(author, 'Erste Kiste');
    const b = await suggest(author, 'Zweite Kiste');
    await call('POST', `/api/suggestions/${a}/comment`, admin, { comment: 'Wo genau?' });
    await reject([a, b]);

    const [mail] = await waitForMails(author.email, 1);
    expect(mail).toContain('Subject: Ungelesene Benachrichtigungen auf Waypoint: 3');
    // Each line names its suggestion.
    const text = decoded(mail!);
    expect(text).toContain(`${admin.username} hat deinen Vorschlag „Erste Kiste“ abgelehnt`);
    expect(text).toContain(`${admin.username} hat deinen Vorschlag „Zweite Kiste“ abgelehnt`);
    expect(text).toContain(`${admin.username} hat deinen Vorschlag „Erste Kiste“ kommentiert`);
    expect(mail).toContain('https://maps.example.test/game/g1/maps/g1_map_a');
    expect(mail).toContain('https://maps.example.test/profile');
    const first = await sentAtAfter(author.id);
    expect(first).not.toBeNull();

    // A notification right after the mail waits for the interval: the next mail lists only it.
    const c = await suggest(author, 'Dritte Kiste');
    await reject([c]);
    const mails = await waitForMails(author.email, 2);
    expect(mails[0]).toContain('Subject: Ungelesene Benachrichtigungen auf Waypoint: 1');
    const second = await sentAtAfter(author.id, first);
    expect(Date.parse(second!) - Date.parse(first!)).toBeGreaterThanOrEqual(INTERVAL_MS);
    // Nothing is mailed twice. Real time, not the clock: the next test's notifications are dated by
    // the system's time, and a clock moved ahead would make them due before they are read.
    await new Promise((resolve) => setTimeout(resolve, INTERVAL_MS * 2));
    expect(mailsTo(t.dataDir, author.email)).toHaveLength(2);
  });

  it('mail nothing to who read it in the site first, or never asked, or turned e-mail off', async () => {
    const reader = await createUser(t);
    const silent = await createUser(t);
    const quitter = await createUser(t);
    await optIn(reader, 'en');
    await optIn(quitter, 'en');
    const ids = [
      await suggest(reader, 'Read'),
      await suggest(silent, 'Silent'),
      await suggest(quitter, 'Quit'),
    ];
    await reject(ids);
    expect(
      (await call('POST', '/api/notifications/read-all', reader, { upTo: new Date().toISOString() })).json(),
    ).toEqual({ unread: 0 });
    await call('PUT', '/api/notifications/settings', quitter, { email: false, language: 'en' });
    await t.clock.advance(INTERVAL_MS * 3);
    for (const who of [reader, silent, quitter])
      expect(mailsTo(t.dataDir, who.email), who.username).toEqual([]);
    // The one who read it still gets the next one.
    await reject([await suggest(reader, 'Later')]);
    const [mail] = await waitForMails(reader.email, 1);
    expect(mail).toContain('Subject: Unread notifications on Waypoint: 1');
    expect(mail).toContain(`${admin.username} rejected your suggestion`);
  });

  it('two server processes on one database send each digest once', async () => {
    const second = await buildApp(t.config, { db: t.openDb(), logger: false, clock: t.clock });
    await second.ready();
    try {
      const users = await Promise.all(Array.from({ length: 8 }, () => createUser(t)));
      for (const user of users) await optIn(user, 'en');
      const ids = [];
      for (const user of users) ids.push(await suggest(user, `Crate of ${user.username}`));
      await reject(ids);
      for (const user of users) await waitForMails(user.email, 1);
      // Both processes had several rounds to claim them again.
      await t.clock.advance(INTERVAL_MS * 2);
      for (const user of users) expect(mailsTo(t.dataDir, user.email), user.username).toHaveLength(1);
    } finally {
      await second.close();
      await second.ctx.db.close();
    }
  });

  it('removes notifications older than they are kept, read or not, and keeps the rest', async () => {
    const user = await createUser(t);
    const row = (id: string, ageMs: number, read: boolean) => ({
      id,
      userId: user.id,
      kind: 'accepted',
      suggestionId: 'none',
      suggestionType: 'PLACED_MARKER',
      gameId: 'g1',
      mapId: '',
      targetId: '',
      actor: 'someone',
      votes: 0,
      subject: '',
      reason: '',
      createdAt: new Date(Date.now() - ageMs).toISOString(),
      readAt: read ? new Date().toISOString() : null,
      mailedAt: null,
    });
    const day = 24 * 3600_000;
    await insertNotifications(t.db.kysely, [
      row('n_old_read', KEEP_NOTIFICATIONS_MS + day, true),
      row('n_old_unread', KEEP_NOTIFICATIONS_MS + day, false),
      row('n_recent', KEEP_NOTIFICATIONS_MS - day, false),
    ]);
    // A sender removes what is past its keeping time when it starts (then once an hour); its stop
    // waits for that.
    const sender = createDigestSender(t.db, t.app.ctx.config, t.app.ctx.mailer, t.app.log, t.clock);
    sender.start();
    await sender.stop();
    const left = await t.db.kysely
      .selectFrom('notification')
      .select('id')
      .where('userId', '=', user.id)
      .execute();
    expect(left.map((r) => r.id)).toEqual(['n_recent']);
  });
});
