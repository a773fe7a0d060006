import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { makePng } from '../../media/testImages.ts';
import { multipartFile } from '../../test/multipart.ts';
import { useTestApp } from '../../test/test-app.ts';

// Two server processes on one database are two apps sharing it (and DATA_DIR).
const env = useTestApp({ overrides: { jobPollMs: 30, jobLeaseMs: 1500 } });

async function uploadMapImage(mapId: string) {
  const png = await makePng(300, 300);
  const res = await env.t.app.inject({
    method: 'POST',
    url: `/api/admin/map/addImage/${mapId}/mapImage`,
    ...multipartFile(png, { auth: env.admin.auth }),
  });
  expect(res.statusCode).toBe(200);
}

/** How many times the map's processing finished (audit rows that set DONE). */
async function finishedRuns(mapId: string) {
  const rows = await env.t.db.kysely
    .selectFrom('audit_log')
    .select('after')
    .where('model', '=', 'map')
    .where('recordId', '=', mapId)
    .execute();
  return rows.filter((r) => r.after && JSON.parse(r.after).imageProcessStatus === 'DONE').length;
}

/** The map's processing status, with its error when it failed (so a failure names its cause). */
const status = async (mapId: string) => {
  const map = (await env.t.app.inject({ url: `/api/map/${mapId}`, headers: env.admin.auth })).json();
  return map.imageProcessStatus === 'ERROR' ? `ERROR: ${map.imageProcessError}` : map.imageProcessStatus;
};

describe('map processing across processes', () => {
  it('runs a job exactly once when two processes share the database', async () => {
    await uploadMapImage('g1_map_a');
    const second = await buildApp(env.t.config, { db: env.t.db, logger: false, clock: env.t.clock });
    try {
      const res = await env.t.app.inject({
        method: 'POST',
        url: '/api/admin/processMap/g1_map_a/g1',
        headers: env.admin.auth,
      });
      expect(res.statusCode).toBe(202);
      // The second process starts while the job is queued or running.
      await second.ready();
      await expect.poll(() => status('g1_map_a'), { timeout: 15_000 }).toBe('DONE');
      await Promise.all([env.t.app.images.processor.whenIdle(), second.images.processor.whenIdle()]);
      expect(env.t.app.images.processor.tileRuns + second.images.processor.tileRuns).toBe(1);
      expect(await finishedRuns('g1_map_a')).toBe(1);
      expect(await env.t.app.images.processor.queueDepth()).toBe(0);
    } finally {
      await second.close();
    }
  });

  it('takes over a PROCESSING job whose claim expired, and leaves a live claim alone', async () => {
    await uploadMapImage('g1_map_b');
    const claim = (claimedBy: string, claimedAt: string) =>
      env.t.db.kysely
        .updateTable('map')
        .set({ imageProcessStatus: 'PROCESSING', claimedBy, claimedAt })
        .where('_id', '=', 'g1_map_b')
        .execute();
    // Another process holds the job and renews its claim: nobody else touches it.
    await claim('other-process', new Date().toISOString());
    expect(await env.t.app.images.processor.queueDepth()).toBe(1);
    // Ten polls' time.
    await env.t.clock.advance(300);
    expect(await status('g1_map_b')).toBe('PROCESSING');
    expect(env.t.app.images.processor.running).toBe(0);
    // That process died an hour ago: its job is taken over.
    await claim('crashed-process', new Date(Date.now() - 3600_000).toISOString());
    await expect.poll(() => status('g1_map_b'), { timeout: 15_000 }).toBe('DONE');
    const row = await env.t.db.kysely
      .selectFrom('map')
      .select(['claimedBy', 'claimedAt'])
      .where('_id', '=', 'g1_map_b')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ claimedBy: null, claimedAt: null });
  });
});
