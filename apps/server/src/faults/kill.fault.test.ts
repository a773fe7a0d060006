/**
 * A process killed (SIGKILL, as by the OOM killer or a power cut of the container) on the embedded
 * database, in the middle of its heaviest work: players ticking markers, an import staging 20,000
 * records, a bulk approve of 5,000 suggestions, a progress import and a map's tile pyramid. After a restart each is whole
 * or absent — never half — and every acknowledged write is there.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectedTileCount } from '../media/tiles.ts';
import { type Proc, ready, report, request, sleep, startServer, stopServer } from './harness.ts';

const admin = { email: 'admin@kill.test', password: 'killed in the middle of it' };
let dataDir = '';
let port = 0;
let proc: Proc;
let adminToken = '';

function start(): Proc {
  return startServer(port, dataDir, admin, {
    DATABASE_URL: '',
    SUGGESTION_RATE_LIMIT: '1000000',
    PROGRESS_IMPORT_RATE_LIMIT: '1000',
    JOB_LEASE_MS: '3000',
    JOB_POLL_MS: '500',
  });
}

/** Kills the server with SIGKILL and starts it again on the same data. */
async function killAndRestart() {
  await stopServer(proc, 'SIGKILL');
  proc = start();
  await ready(proc);
}

/** Reads the database file directly (WAL allows it beside the running server). */
function query<T>(statement: string, ...params: unknown[]): T[] {
  const db = new SQLite(path.join(dataDir, 'waypoint.db'), { readonly: true });
  try {
    return db.prepare(statement).all(...params) as T[];
  } finally {
    db.close();
  }
}
const count = (statement: string, ...params: unknown[]) =>
  query<{ n: number }>(statement, ...params)[0]?.n ?? 0;

const api = (method: string, url: string, token?: string, body?: unknown) =>
  request(proc.port, method, url, token, body);

async function player(name: string) {
  const email = `${name}@kill.test`;
  const password = 'ticking until the plug is pulled';
  const reg = await api('POST', '/api/users/register', undefined, { username: name, email, password });
  expect(reg.status).toBeLessThan(300);
  // Confirmed as the mailed link would: the test reads no mail.
  const db = new SQLite(path.join(dataDir, 'waypoint.db'));
  db.prepare('update "user" set confirmed = 1 where email = ?').run(email);
  db.close();
  const login = await api('POST', '/api/users/login', undefined, { email, password });
  const body = JSON.parse(login.body) as { token: string; user: { id: string } };
  return { id: body.user.id, token: body.token, username: name };
}

/** Sends `send` and kills the server `afterMs` later; answers whether the request was answered first. */
async function killDuring(send: () => Promise<unknown>, afterMs: number): Promise<boolean> {
  let answered = false;
  const pending = send().then(
    () => {
      answered = true;
    },
    () => {},
  );
  await sleep(afterMs);
  await killAndRestart();
  await pending;
  return answered;
}

describe('faults: a process killed mid-work, on SQLite', () => {
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'waypoint-kill-'));
    // Outside the ports fetch refuses (6000, 6665–6669, …).
    port = 7000 + Math.floor(Math.random() * 800);
    proc = start();
    await ready(proc);
    const login = await api('POST', '/api/users/login', undefined, admin);
    adminToken = (JSON.parse(login.body) as { token: string }).token;
    await api('PUT', '/api/admin/game', adminToken, { _id: 'kg', name: 'Kill game' });
    await api('PUT', '/api/admin/map', adminToken, { _id: 'kg_map', gameId: 'kg', name: 'Kill map' });
    await api('PUT', '/api/admin/markerdefinition', adminToken, {
      _id: 'kg_def',
      gameId: 'kg',
      name: 'Crate',
    });
  }, 180_000);

  afterAll(async () => {
    if (proc) await stopServer(proc);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('bulk approve of 5,000 suggestions: all accepted with their markers, or none', async () => {
    const author = await player('kill_author');
    const suggest = (i: number) =>
      api('POST', '/api/suggestion', author.token, {
        type: 'PLACED_MARKER',
        action: 'ADD',
        parentId: 'kg_map',
        data: JSON.stringify({
          name: `Suggested ${i}`,
          markerDefinitionId: 'kg_def',
          lat: -(i % 900),
          lng: i % 900,
        }),
      });
    const total = 5000;
    for (let i = 0; i < total; i += 20) {
      const answers = await Promise.all(
        Array.from({ length: Math.min(20, total - i) }, (_, k) => suggest(i + k)),
      );
      for (const a of answers) expect(a.status, a.body).toBe(201);
    }
    const open = () =>
      count(`select count(*) as n from suggestion where status in ('SAVED', 'REVIEW_REQUESTED')`);
    const accepted = () => count(`select count(*) as n from suggestion where status = 'ACCEPTED'`);
    const markers = () => count(`select count(*) as n from placedmarker where "mapId" = 'kg_map'`);
    expect(open()).toBe(total);
    const bulk = () =>
      api('POST', '/api/admin/suggestions/accept', adminToken, { username: author.username });
    // Killed while the one transaction runs (or, on a fast machine, just after it answered).
    const answered = await killDuring(bulk, 400);
    const state = { open: open(), accepted: accepted(), markers: markers() };
    report(
      `kill -9 during a bulk approve of 5,000: answered first ${answered}; after restart ${JSON.stringify(state)}`,
    );
    expect([
      { open: total, accepted: 0, markers: 0 },
      { open: 0, accepted: total, markers: total },
    ]).toContainEqual(state);
    if (state.open > 0) {
      expect((await bulk()).status).toBe(200);
      expect({ open: open(), accepted: accepted(), markers: markers() }).toEqual({
        open: 0,
        accepted: total,
        markers: total,
      });
    }
  }, 300_000);

  it('import staging of 20,000 records: staged whole, or not at all', async () => {
    const tag = randomBytes(3).toString('hex');
    const file = (prefix: string) =>
      JSON.stringify(
        Array.from({ length: 20_000 }, (_, i) => ({
          _id: `${prefix}_${i}`,
          gameId: 'kg',
          name: `Imported quest ${i} with a name long enough to weigh something`,
          questLevel: (i % 40) + 1,
        })),
      );
    const stage = (prefix: string) =>
      api('POST', '/api/admin/import/quest', adminToken, { fileName: 'quests.json', content: file(prefix) });
    const staged = (prefix: string) =>
      count(`select count(*) as n from importedcrudmodel where "recordId" like ?`, `${prefix}_%`);
    // How long a whole staging takes here, to kill the next one half-way.
    const started = Date.now();
    const full = await stage(`full${tag}`);
    expect(full.status, full.body).toBe(200);
    const fullMs = Date.now() - started;
    expect(staged(`full${tag}`)).toBe(20_000);
    const answered = await killDuring(() => stage(`kill${tag}`), Math.round(fullMs * 0.6));
    const after = staged(`kill${tag}`);
    report(
      `kill -9 during an import staging of 20,000 (${fullMs} ms whole): answered first ${answered}; staged after restart ${after}`,
    );
    expect([0, 20_000]).toContain(after);
    if (answered) expect(after).toBe(20_000);
  }, 300_000);

  it('progress import of 5,000 completed markers: whole, or not at all', async () => {
    const ids = query<{ _id: string }>(
      `select "_id" from placedmarker where "mapId" = 'kg_map' limit 5000`,
    ).map((r) => r._id);
    expect(ids.length).toBe(5000);
    const source = await player('kill_source');
    // The source's export is the file; made from ticks through the API.
    for (let i = 0; i < ids.length; i += 50) {
      await Promise.all(
        ids
          .slice(i, i + 50)
          .map((id) => api('POST', `/api/usercompletedmarkers/markCompleted/${id}`, source.token)),
      );
    }
    const file = JSON.parse((await api('GET', '/api/user/progress/export', source.token)).body) as unknown;
    const measured = await player('kill_measured');
    const started = Date.now();
    const whole = await api('POST', '/api/user/progress/import', measured.token, { mode: 'replace', file });
    expect(whole.status, whole.body).toBe(200);
    const fullMs = Date.now() - started;
    const target = await player('kill_target');
    const ticks = () =>
      count(`select count(*) as n from user_completed_marker where "userId" = ?`, target.id);
    const answered = await killDuring(
      () => api('POST', '/api/user/progress/import', target.token, { mode: 'replace', file }),
      Math.round(fullMs * 0.6),
    );
    const after = ticks();
    report(
      `kill -9 during a progress import of 5,000 markers (${fullMs} ms whole): answered first ${answered}; after restart ${after}`,
    );
    expect([0, 5000]).toContain(after);
    if (answered) expect(after).toBe(5000);
  }, 300_000);

  it('a tile pyramid: taken over after the kill, it ends DONE with every tile and no half-built folder', async () => {
    const width = 6000;
    const height = 4000;
    const image = await sharp({
      create: {
        width,
        height,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg({ quality: 70 })
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'map.jpg');
    const upload = await fetch(`http://127.0.0.1:${port}/api/admin/map/addImage/kg_map/mapImage`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}` },
      body: form,
    });
    expect(upload.status, await upload.text()).toBeLessThan(300);
    expect((await api('POST', '/api/admin/processMap/kg_map/kg', adminToken)).status).toBe(202);
    const status = async () =>
      JSON.parse((await api('GET', '/api/admin/processMap/kg_map/status', adminToken)).body) as {
        imageProcessStatus: string;
        imageProcessProgress: number;
        tilesPath: string;
      };
    const until = async (done: (s: Awaited<ReturnType<typeof status>>) => boolean, ms: number) => {
      const end = Date.now() + ms;
      for (;;) {
        const now = await status();
        if (done(now)) return now;
        if (Date.now() > end) throw new Error(`job stuck at ${JSON.stringify(now)}`);
        await sleep(200);
      }
    };
    const atKill = await until(
      (s) => s.imageProcessStatus === 'PROCESSING' && s.imageProcessProgress >= 10,
      120_000,
    );
    const killedAt = Date.now();
    await killAndRestart();
    const done = await until((s) => s.imageProcessStatus === 'DONE', 240_000);
    // The served version is whole; a version the killed run had begun to store is never served
    // (it goes when its mark runs out), and no build folder of the killed run is left.
    const tiles = readdirSync(path.join(dataDir, 'mapTiles', ...String(done.tilesPath).split('/')), {
      recursive: true,
    }).filter((f) => String(f).endsWith('.png')).length;
    // The finished run clears its own scratch folder right after its last write; the killed run's
    // is gone before the new run starts cutting.
    const workDir = path.join(dataDir, '.work', 'mapTiles', 'kg');
    const scratch = () => readdirSync(workDir).filter((entry) => /\.(build|link)-/.test(entry));
    for (const end = Date.now() + 10_000; scratch().length > 0 && Date.now() < end; ) await sleep(100);
    const leftovers = scratch();
    report(
      `kill -9 during a ${width}×${height} tile pyramid at ${atKill.imageProcessProgress} %: DONE ${((Date.now() - killedAt) / 1000).toFixed(1)} s later, ${tiles} tiles, ${leftovers.length} half-built folders`,
    );
    expect(tiles).toBe(expectedTileCount(width, height));
    expect(leftovers).toEqual([]);
  }, 420_000);

  it('players ticking markers: every acknowledged tick survives the kill', async () => {
    const ids = query<{ _id: string }>(
      `select "_id" from placedmarker where "mapId" = 'kg_map' limit 3000`,
    ).map((r) => r._id);
    const players = await Promise.all(['kill_p1', 'kill_p2', 'kill_p3'].map((n) => player(n)));
    const acknowledged = new Set<string>();
    let stopped = false;
    let sent = 0;
    const tick = async (p: { id: string; token: string }, offset: number) => {
      for (let i = offset; !stopped; i++) {
        const id = ids[i % ids.length]!;
        sent++;
        const answer = await api('POST', `/api/usercompletedmarkers/markCompleted/${id}`, p.token).catch(
          () => null,
        );
        if (answer?.status === 200) acknowledged.add(`${p.id}/${id}`);
        if (!answer) return;
      }
    };
    const load = players.map((p, k) => tick(p, k * 1000));
    await sleep(3000);
    await stopServer(proc, 'SIGKILL');
    stopped = true;
    await Promise.all(load);
    proc = start();
    await ready(proc);
    const stored = new Set(
      query<{ key: string }>(
        `select "userId" || '/' || "markerId" as key from user_completed_marker where "userId" in (?, ?, ?)`,
        ...players.map((p) => p.id),
      ).map((r) => r.key),
    );
    const lost = [...acknowledged].filter((key) => !stored.has(key)).length;
    report(
      `kill -9 under ticking load (SQLite, synchronous NORMAL): sent ${sent}, acknowledged ${acknowledged.size}, lost ${lost}`,
    );
    expect(acknowledged.size).toBeGreaterThan(0);
    expect(lost).toBe(0);
  }, 120_000);
});
