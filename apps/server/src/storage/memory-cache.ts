import { buffer } from 'node:stream/consumers';
import { LRUCache } from 'lru-cache';
import { type ObjectBody, type ObjectInfo, type ObjectStore, StorageUnavailableError } from './store.ts';

/** An object held in memory: its description and its bytes. */
export interface CachedObject extends ObjectInfo {
  data: Buffer;
}

/** Objects larger than this are streamed from the storage, never held in memory. */
export const MAX_CACHED_OBJECT_BYTES = 1024 * 1024;

/**
 * Small objects of a store kept in this process's memory, least recently used dropped first once
 * `maxBytes` is reached, for addresses whose content never changes: a versioned tile pyramid's
 * tiles, a picture or thumbnail asked for with its version (`?v=`, one `variant` each). So a busy
 * map's tiles are read from object storage once per process instead of once per request.
 *
 * `store` is the store to use for everything else: it is `base` with every write and delete made
 * through it also dropping what is held of those keys here (replaced or removed pictures, pyramid
 * versions swept after their grace period). Another process's deletes are not seen: it may answer
 * a removed picture's old versioned address from memory until that entry is dropped, as a CDN
 * would for its cache lifetime.
 */
export function cacheSmallObjects(base: ObjectStore, maxBytes: number) {
  const entries =
    maxBytes > 0
      ? new LRUCache<string, CachedObject>({
          maxSize: maxBytes,
          maxEntrySize: Math.min(maxBytes, MAX_CACHED_OBJECT_BYTES + 1024),
          // Bytes plus what the entry's bookkeeping costs, roughly.
          sizeCalculation: (object) => object.data.length + 256,
        })
      : undefined;
  const loading = new Map<string, Promise<CachedObject | ObjectBody | undefined>>();
  // A read that started before a write or delete must not store what it read afterwards.
  let generation = 0;
  const entryKey = (key: string, variant: string) => `${key}\n${variant}`;

  function drop(matches: (key: string) => boolean) {
    generation++;
    if (!entries) return;
    for (const k of [...entries.keys()]) if (matches(k.slice(0, k.indexOf('\n')))) entries.delete(k);
  }

  async function load(key: string, at: string): Promise<CachedObject | ObjectBody | undefined> {
    const started = generation;
    const object = await base.get(key);
    if (!object || object.size > MAX_CACHED_OBJECT_BYTES) return object;
    let data: Buffer;
    try {
      data = await buffer(object.body);
    } catch (error) {
      throw new StorageUnavailableError(`The storage failed while ${key} was read: ${String(error)}`, {
        cause: error,
      });
    }
    const cached: CachedObject = {
      key: object.key,
      size: data.length,
      etag: object.etag,
      lastModified: object.lastModified,
      data,
    };
    if (started === generation) entries?.set(at, cached);
    return cached;
  }

  const store: ObjectStore = {
    ...base,
    async put(key, data, contentType) {
      try {
        await base.put(key, data, contentType);
      } finally {
        drop((k) => k === key);
      }
    },
    async putFile(key, file, contentType) {
      try {
        await base.putFile(key, file, contentType);
      } finally {
        drop((k) => k === key);
      }
    },
    async delete(keys) {
      try {
        await base.delete(keys);
      } finally {
        const gone = new Set(keys);
        drop((k) => gone.has(k));
      }
    },
    async deletePrefix(prefix) {
      try {
        return await base.deletePrefix(prefix);
      } finally {
        drop((k) => k.startsWith(`${prefix}/`));
      }
    },
  };

  return {
    store,

    /**
     * The object at `key` for an address that always names the same content (`variant`: the
     * address's version, if the key does not carry one): from memory when held, else read from the
     * storage and kept when small. A large object is answered with its content stream. Requests
     * for an object being read wait for that one read.
     */
    async read(key: string, variant = ''): Promise<CachedObject | ObjectBody | undefined> {
      if (!entries) return base.get(key);
      const at = entryKey(key, variant);
      const held = entries.get(at);
      if (held) return held;
      const pending = loading.get(at);
      if (pending) {
        const shared = await pending;
        // A large object's stream serves one reader only: the others read it again.
        return shared && 'data' in shared ? shared : base.get(key);
      }
      const read = load(key, at).finally(() => loading.delete(at));
      loading.set(at, read);
      return read;
    },

    /** Bytes held now. */
    get bytes(): number {
      return entries?.calculatedSize ?? 0;
    },
  };
}

export type SmallObjectCache = ReturnType<typeof cacheSmallObjects>;
