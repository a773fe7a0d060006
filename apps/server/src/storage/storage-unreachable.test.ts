import net from 'node:net';
import { PassThrough } from 'node:stream';
import { serverMessages } from '@waypoint/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePng } from '../media/testImages.ts';
import { multipartFile } from '../test/multipart.ts';
import { startS3Server, type TestS3Server } from '../test/s3-server.ts';
import { createContent, createTestApp, createUser, type TestApp, type TestUser } from '../test/test-app.ts';

/** A loopback port nothing listens on (taken, then released). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe.each(['unreachable endpoint', 'missing bucket'])('object storage with an %s', (kind) => {
  let t: TestApp;
  let admin: TestUser;
  let s3: TestS3Server | undefined;
  const lines: string[] = [];

  beforeAll(async () => {
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
    s3 = await startS3Server();
    const storage =
      kind === 'missing bucket'
        ? {
            ...(s3.storage() as Extract<ReturnType<TestS3Server['storage']>, { kind: 's3' }>),
            bucket: 'not-there',
          }
        : {
            ...(s3.storage() as Extract<ReturnType<TestS3Server['storage']>, { kind: 's3' }>),
            endpoint: `http://127.0.0.1:${await closedPort()}`,
          };
    t = await createTestApp({ logLevel: 'warn', storage }, { logStream });
    await createContent(t);
    admin = await createUser(t, { admin: true });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('/readyz answers 503 and logs one clear line naming the bucket', async () => {
    const res = await t.app.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json().checks).toMatchObject({ database: true, storage: false });
    const line = lines.find((l) => l.includes('the picture storage does not answer'));
    expect(line).toBeDefined();
    expect(line).toMatch(
      kind === 'missing bucket' ? /bucket not-there/ : /bucket waypoint-test at http:\/\/127\.0\.0\.1/,
    );
  });

  it('an upload answers 503 with Retry-After and leaves the record as it was', async () => {
    const before = (await t.app.inject({ url: '/api/game/g1' })).json();
    const body = multipartFile(await makePng(200, 100));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/game/addImage/g1/image',
      payload: body.payload,
      headers: { ...body.headers, ...admin.auth },
    });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBeTruthy();
    expect(res.json().message).toBe(serverMessages.storageUnavailable);
    const after = (await t.app.inject({ url: '/api/game/g1' })).json();
    expect(after.images).toEqual(before.images);
    expect(after.updatedAt).toBe(before.updatedAt);
  });
});
