import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { StorageConfig } from '../config.ts';

/** The storage the picture and tile suites run on: `TEST_STORAGE=s3` runs them on a real S3 server. */
export const testStorage = process.env.TEST_STORAGE === 's3' ? 's3' : 'local';

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  /** The app's storage settings for this server's bucket under `prefix`. */
  storage(prefix?: string): StorageConfig;
  close(): Promise<void>;
}

interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver, objects in a temporary folder) on a free loopback port, with
 * one empty bucket. Its credentials are s3rver's fixed pair.
 */
export async function startS3Server(bucket = 'waypoint-test'): Promise<TestS3Server> {
  const S3rver = createRequire(import.meta.url)('s3rver') as new (
    options: Record<string, unknown>,
  ) => S3rverInstance;
  const directory = mkdtempSync(path.join(tmpdir(), 'waypoint-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    storage: (prefix = '') => ({
      kind: 's3',
      bucket,
      prefix,
      endpoint,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    }),
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
