import type { Config } from '../config.ts';
import { createLocalStore } from './local-store.ts';
import { createS3Store } from './s3-store.ts';
import type { ObjectStore } from './store.ts';

export * from './store.ts';

/** The store the settings choose: S3 for `STORAGE_URL=s3://bucket/prefix`, else DATA_DIR. */
export function createStore(config: Pick<Config, 'dataDir' | 'storage'>): ObjectStore {
  const s = config.storage;
  if (s.kind === 's3') {
    return createS3Store({
      bucket: s.bucket,
      prefix: s.prefix,
      endpoint: s.endpoint,
      region: s.region,
      accessKeyId: s.accessKeyId,
      secretAccessKey: s.secretAccessKey,
    });
  }
  return createLocalStore(config.dataDir);
}
