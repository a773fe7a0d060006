import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, type Stats } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  checkKey,
  type ObjectBody,
  type ObjectInfo,
  type ObjectStore,
  StorageUnavailableError,
} from './store.ts';

/**
 * Objects as files under a root folder (DATA_DIR): key `a/b/c` is the file `root/a/b/c`. Writes go
 * to a hidden temporary sibling and are renamed into place (atomic on one file system); hidden
 * names are never listed or served.
 */
export function createLocalStore(root: string): ObjectStore {
  const base = path.resolve(root);

  const fileOf = (key: string) => path.join(base, ...checkKey(key).split('/'));
  const info = (key: string, stat: Stats): ObjectInfo => ({
    key,
    size: stat.size,
    etag: `"${stat.size.toString(36)}-${Math.floor(stat.mtimeMs).toString(36)}-${stat.ino.toString(36)}"`,
    lastModified: stat.mtime,
  });

  async function statFile(key: string): Promise<Stats | undefined> {
    try {
      const stat = await fs.stat(fileOf(key));
      return stat.isFile() ? stat : undefined;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async function writeVia(key: string, write: (tmp: string) => Promise<unknown>) {
    const file = fileOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const tmp = path.join(
      path.dirname(file),
      `.${path.basename(file)}.tmp-${randomBytes(6).toString('hex')}`,
    );
    try {
      await write(tmp);
      await fs.rename(tmp, file);
    } catch (error) {
      await fs.rm(tmp, { force: true });
      throw error;
    }
  }

  async function* walk(dir: string, prefix: string): AsyncGenerator<ObjectInfo> {
    let entries: string[];
    try {
      entries = await fs.readdir(dir);
    } catch (error) {
      if (isMissing(error) || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return;
      throw error;
    }
    for (const name of entries) {
      if (name.startsWith('.')) continue;
      const full = path.join(dir, name);
      const stat = await fs.stat(full).catch(() => undefined);
      if (!stat) continue;
      if (stat.isDirectory()) yield* walk(full, `${prefix}/${name}`);
      else if (stat.isFile()) yield info(`${prefix}/${name}`, stat);
    }
  }

  return {
    kind: 'local',
    description: `local folder ${base}`,

    put: (key, data) => writeVia(key, (tmp) => fs.writeFile(tmp, data)),

    putFile: (key, file) => writeVia(key, (tmp) => fs.copyFile(file, tmp)),

    async get(key): Promise<ObjectBody | undefined> {
      const stat = await statFile(key);
      if (!stat) return undefined;
      return { ...info(key, stat), body: createReadStream(fileOf(key)) };
    },

    async head(key) {
      const stat = await statFile(key);
      return stat && info(key, stat);
    },

    async download(key, file) {
      const source = fileOf(key);
      try {
        await fs.mkdir(path.dirname(file), { recursive: true });
        await pipeline(createReadStream(source), createWriteStream(file));
        return true;
      } catch (error) {
        if (isMissing(error)) {
          await fs.rm(file, { force: true });
          return false;
        }
        throw error;
      }
    },

    list(prefix) {
      return walk(fileOf(prefix), prefix);
    },

    async delete(keys) {
      await Promise.all(keys.map((key) => fs.rm(fileOf(key), { force: true })));
    },

    async deletePrefix(prefix) {
      let count = 0;
      for await (const _ of walk(fileOf(prefix), prefix)) count++;
      await fs.rm(fileOf(prefix), { recursive: true, force: true });
      return count;
    },

    async check() {
      const probe = path.join(base, `.storage-check-${randomBytes(4).toString('hex')}`);
      try {
        await fs.mkdir(base, { recursive: true });
        await fs.writeFile(probe, '');
        await fs.rm(probe, { force: true });
      } catch (error) {
        throw new StorageUnavailableError(`The data folder ${base} is not writable: ${String(error)}`, {
          cause: error,
        });
      }
    },

    async close() {},
  };
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
