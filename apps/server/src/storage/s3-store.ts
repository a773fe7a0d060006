import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { checkKey, type ObjectInfo, type ObjectStore, StorageUnavailableError } from './store.ts';

export interface S3StoreOptions {
  bucket: string;
  /** Key prefix inside the bucket (no leading or trailing slash; may be empty). */
  prefix: string;
  /** Custom endpoint (MinIO, R2, Garage…); empty: AWS S3 of `region`. */
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Longest wait for one request; the storage counts as unreachable after it. */
  requestTimeoutMs?: number;
}

/** A connection closed under a request (a kept-alive one the other side had just closed). */
function droppedConnection(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return code === 'ECONNRESET' || code === 'EPIPE';
}

/**
 * Objects in an S3-compatible bucket through the official SDK, with path-style addressing (MinIO,
 * R2, Garage and Ceph accept it; virtual hosts need DNS per bucket). A PUT is atomic per object.
 */
export function createS3Store(options: S3StoreOptions): ObjectStore {
  const timeout = options.requestTimeoutMs ?? 10_000;
  const client = new S3Client({
    region: options.region || 'us-east-1',
    endpoint: options.endpoint || undefined,
    forcePathStyle: true,
    credentials:
      options.accessKeyId || options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
    maxAttempts: 2,
    // Checksums only where the API demands them: several S3-compatible services refuse the SDK's
    // default streaming checksum trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: {
      connectionTimeout: Math.min(timeout, 3_000),
      requestTimeout: timeout,
      // Connections are kept and reused (a tile pyramid is a thousand PUTs and more, 16 at a time;
      // a busy image host reads as many): no TCP or TLS handshake per object.
      httpAgent: { keepAlive: true, maxSockets: 64 },
      httpsAgent: { keepAlive: true, maxSockets: 64 },
    },
  });
  const Bucket = options.bucket;
  const root = options.prefix ? `${options.prefix.replace(/^\/+|\/+$/g, '')}/` : '';
  const objectKey = (key: string) => root + checkKey(key);
  const where = `bucket ${Bucket}${options.endpoint ? ` at ${options.endpoint}` : ''}`;

  /** Runs one SDK call; a transport or service failure other than "not found" becomes unavailable. */
  async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw new StorageUnavailableError(`Object storage (${where}) failed to ${what}: ${describe(error)}`, {
        cause: error,
      });
    }
  }

  async function head(key: string): Promise<ObjectInfo | undefined> {
    try {
      const answer = await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
      return {
        key,
        size: answer.ContentLength ?? 0,
        etag: answer.ETag ?? `"${answer.LastModified?.getTime() ?? 0}"`,
        lastModified: answer.LastModified ?? new Date(0),
      };
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw new StorageUnavailableError(
        `Object storage (${where}) failed to read ${key}: ${describe(error)}`,
        {
          cause: error,
        },
      );
    }
  }

  async function get(key: string) {
    try {
      const answer = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
      return {
        key,
        size: answer.ContentLength ?? 0,
        etag: answer.ETag ?? `"${answer.LastModified?.getTime() ?? 0}"`,
        lastModified: answer.LastModified ?? new Date(0),
        body: answer.Body as Readable,
      };
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw new StorageUnavailableError(
        `Object storage (${where}) failed to read ${key}: ${describe(error)}`,
        {
          cause: error,
        },
      );
    }
  }

  async function* list(prefix: string): AsyncGenerator<ObjectInfo> {
    const Prefix = `${objectKey(prefix)}/`;
    let ContinuationToken: string | undefined;
    do {
      const page = await call(`list ${prefix}`, () =>
        client.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken })),
      );
      for (const item of page.Contents ?? []) {
        if (!item.Key) continue;
        yield {
          key: item.Key.slice(root.length),
          size: item.Size ?? 0,
          etag: item.ETag ?? '',
          lastModified: item.LastModified ?? new Date(0),
        };
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  async function remove(keys: string[]) {
    // DeleteObjects takes at most 1000 keys per request.
    for (let i = 0; i < keys.length; i += 1000) {
      const Objects = keys.slice(i, i + 1000).map((key) => ({ Key: objectKey(key) }));
      await call('delete objects', () =>
        client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } })),
      );
    }
  }

  return {
    kind: 's3',
    description: `S3 ${where}${root ? `, prefix ${root}` : ''}`,

    async put(key, data, contentType) {
      await call(`write ${key}`, () =>
        client.send(
          new PutObjectCommand({
            Bucket,
            Key: objectKey(key),
            Body: data,
            ContentLength: data.length,
            ContentType: contentType,
          }),
        ),
      );
    },

    async putFile(key, file, contentType) {
      const { size } = await fs.stat(file);
      const send = () =>
        client.send(
          new PutObjectCommand({
            Bucket,
            Key: objectKey(key),
            Body: createReadStream(file),
            ContentLength: size,
            ContentType: contentType,
          }),
        );
      await call(`write ${key}`, async () => {
        try {
          return await send();
        } catch (error) {
          // The SDK cannot send a file's stream twice: a PUT whose kept-alive connection the storage
          // closed as it was reused goes once more, on a fresh connection with a fresh stream.
          if (!droppedConnection(error)) throw error;
          return send();
        }
      });
    },

    get,
    head,

    async download(key, file) {
      const object = await get(key);
      if (!object) return false;
      await fs.mkdir(path.dirname(file), { recursive: true });
      await call(`read ${key}`, () => pipeline(object.body, createWriteStream(file)));
      return true;
    },

    list,
    delete: remove,

    async deletePrefix(prefix) {
      const keys: string[] = [];
      for await (const item of list(prefix)) keys.push(item.key);
      await remove(keys);
      return keys.length;
    },

    async check() {
      await call('answer (is the bucket there and are the credentials right?)', () =>
        client.send(new HeadBucketCommand({ Bucket })),
      );
    },

    async close() {
      client.destroy();
    },
  };
}

function isNotFound(error: unknown): boolean {
  if (error instanceof S3ServiceException) {
    return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata?.httpStatusCode === 404;
  }
  return false;
}

function describe(error: unknown): string {
  if (error instanceof S3ServiceException) {
    return `${error.name} (HTTP ${error.$metadata?.httpStatusCode ?? '?'})${error.message && error.message !== error.name ? `: ${error.message}` : ''}`;
  }
  const e = error as NodeJS.ErrnoException;
  return e?.code ? `${e.code} ${e.message}` : String(e?.message ?? error);
}
