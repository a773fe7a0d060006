import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Store } from './s3-store.ts';

/** An S3 stand-in that drops the connection of the first PUT of each key and stores the next. */
let server: Server;
let endpoint: string;
const puts: Array<{ url: string; bytes: number; dropped: boolean }> = [];

beforeAll(async () => {
  const seen = new Set<string>();
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const url = request.url ?? '';
      const dropped = request.method === 'PUT' && !seen.has(url);
      puts.push({ url, bytes: Buffer.concat(chunks).length, dropped });
      if (dropped) {
        seen.add(url);
        request.socket.destroy();
        return;
      }
      response.writeHead(200, { etag: '"x"' }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('a file written to object storage', () => {
  it('goes again, whole, when the storage drops the connection under it', async () => {
    const store = createS3Store({
      endpoint,
      bucket: 'b',
      prefix: '',
      region: 'us-east-1',
      accessKeyId: 'k',
      secretAccessKey: 's',
    });
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'waypoint-s3-')), 'thumb.png');
    writeFileSync(file, Buffer.alloc(5000, 7));
    await store.putFile('thumbs/a.png', file, 'image/png');
    const mine = puts.filter((p) => p.url.startsWith('/b/thumbs/a.png'));
    expect(mine.at(-1)).toEqual({ url: expect.any(String), bytes: 5000, dropped: false });
    expect(mine.some((p) => p.dropped)).toBe(true);
  });
});
