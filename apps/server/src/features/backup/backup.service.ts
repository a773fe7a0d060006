import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../../config.ts';
import { isPostgresUrl, openDatabase } from '../../db/database.ts';
import { storedFolders } from '../../media/paths.ts';
import { checkKey, createStore, type ObjectStore } from '../../storage/index.ts';
import { makeTreePrivate, privateDir, privateDirMode, privateFileMode } from '../../storage/private-files.ts';
import {
  countTables,
  inspectSqliteFile,
  listTables,
  pgDumpWithCounts,
  pgRestore,
  sqliteOnlineBackup,
  type TableCounts,
} from './backup.repository.ts';

export const manifestName = 'manifest.json';
const filesListName = 'files.json';
const filesFolder = 'files';

export interface BackupManifest {
  format: 'waypoint-backup';
  version: 1;
  created: string;
  /** The site's version that wrote it. */
  appVersion: string;
  engine: 'sqlite' | 'postgres';
  database: { file: string; bytes: number; sha256: string; tables: TableCounts };
  storage: {
    /** Where the files were: `local` (copied into the backup) or `s3` (listed only: keys, sizes, ETags). */
    kind: 'local' | 's3';
    description: string;
    filesIncluded: boolean;
    objects: number;
    bytes: number;
    list: string;
    listSha256: string;
  };
}

/** One stored object in `files.json`; `sha256` when its content is in the backup. */
export interface BackedUpObject {
  key: string;
  size: number;
  etag: string;
  sha256?: string;
}

/** A backup or restore that cannot go on; its message says why and what to do. */
export class BackupError extends Error {
  override name = 'BackupError';
}

type Progress = (line: string) => void;
// pg_dump and pg_restore use the direct address: a pooler in transaction mode would spread their
// session over server connections.
type Settings = Pick<Config, 'dataDir' | 'databaseUrl' | 'storage' | 'version'> &
  Partial<Pick<Config, 'databaseDirectUrl'>>;

const sqliteFile = (dataDir: string) => path.join(dataDir, 'waypoint.db');

async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

const sha256Text = (text: string) => createHash('sha256').update(text).digest('hex');

/** A sortable, file-name-safe time stamp (`20261127-054500`). */
function stamp(date: Date): string {
  return date.toISOString().replace(/\..*$/, '').replace(/[-:]/g, '').replace('T', '-');
}

/**
 * Writes a backup of the running site into a new folder under `parent` and answers its path. The
 * database first (one consistent snapshot: SQLite's online backup, or pg_dump), then the stored
 * files (copied from DATA_DIR; listed with sizes and ETags from a bucket, which keeps its own
 * copies). Files are written after the database, so every file a backed-up record names was stored
 * before the snapshot (records are written only after their files). The folder gets its final name
 * only when complete, so a half-written backup is never taken for one.
 */
export async function createBackup(
  config: Settings,
  parent: string,
  progress: Progress = () => {},
): Promise<{ folder: string; manifest: BackupManifest }> {
  const created = new Date();
  // A backup holds password hashes, sessions and webhook keys: its folder and files are the site's
  // user's only (0700, 0600), whatever the umask.
  await fs.mkdir(parent, { recursive: true, mode: privateDirMode });
  const folder = path.join(path.resolve(parent), `waypoint-backup-${stamp(created)}`);
  if (existsSync(folder)) throw new BackupError(`${folder} already exists`);
  const partial = `${folder}.partial`;
  await fs.rm(partial, { recursive: true, force: true });
  await fs.mkdir(partial, { mode: privateDirMode });
  await fs.chmod(partial, privateDirMode);
  try {
    const engine = isPostgresUrl(config.databaseUrl) ? 'postgres' : 'sqlite';
    const dbFile = engine === 'postgres' ? 'database.pgdump' : 'database.sqlite';
    const dbTarget = path.join(partial, dbFile);
    let tables: TableCounts;
    if (engine === 'postgres') {
      progress('database: pg_dump (custom format)');
      tables = await pgDumpWithCounts(config.databaseDirectUrl || config.databaseUrl, dbTarget);
    } else {
      const source = sqliteFile(config.dataDir);
      if (!existsSync(source)) throw new BackupError(`No database at ${source} (is DATA_DIR right?)`);
      progress(`database: online backup of ${source}`);
      await sqliteOnlineBackup(source, dbTarget);
      const inspected = inspectSqliteFile(dbTarget);
      if (inspected.integrity !== 'ok')
        throw new BackupError(`The copied database fails its integrity check: ${inspected.integrity}`);
      tables = inspected.counts;
    }
    const database = {
      file: dbFile,
      bytes: (await fs.stat(dbTarget)).size,
      sha256: await sha256File(dbTarget),
      tables,
    };
    progress(`database: ${database.bytes} bytes, ${Object.keys(tables).length} tables`);

    const store = createStore(config);
    try {
      const filesIncluded = store.kind === 'local';
      const objects: BackedUpObject[] = [];
      for (const folderKey of storedFolders) {
        for await (const info of store.list(folderKey)) {
          const entry: BackedUpObject = { key: info.key, size: info.size, etag: info.etag };
          if (filesIncluded) {
            const target = path.join(partial, filesFolder, ...info.key.split('/'));
            // A file removed since it was listed (a replaced picture, an expired pyramid) is left out.
            if (!(await store.download(info.key, target))) continue;
            entry.size = (await fs.stat(target)).size;
            entry.sha256 = await sha256File(target);
          }
          objects.push(entry);
          if (objects.length % 1000 === 0) progress(`files: ${objects.length}`);
        }
      }
      objects.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      const list = `${JSON.stringify(objects, null, 0)}\n`;
      await fs.writeFile(path.join(partial, filesListName), list);
      const manifest: BackupManifest = {
        format: 'waypoint-backup',
        version: 1,
        created: created.toISOString(),
        appVersion: config.version,
        engine,
        database,
        storage: {
          kind: store.kind,
          description: store.description,
          filesIncluded,
          objects: objects.length,
          bytes: objects.reduce((n, o) => n + o.size, 0),
          list: filesListName,
          listSha256: sha256Text(list),
        },
      };
      await fs.writeFile(path.join(partial, manifestName), `${JSON.stringify(manifest, null, 2)}\n`);
      await makeTreePrivate(partial);
      progress(
        `files: ${manifest.storage.objects} (${manifest.storage.bytes} bytes)${filesIncluded ? '' : ', listed only'}`,
      );
      await fs.rename(partial, folder);
      return { folder, manifest };
    } finally {
      await store.close();
    }
  } catch (error) {
    await fs.rm(partial, { recursive: true, force: true });
    throw error;
  }
}

/**
 * The path of `parts` below `folder`, refused unless each folder on the way is a real folder and the
 * last a regular file (`lstat`: a symbolic link in a backup is never followed, say to a system file).
 */
async function regularFile(folder: string, parts: string[]): Promise<string> {
  let at = folder;
  for (const [i, part] of parts.entries()) {
    at = path.join(at, part);
    const last = i === parts.length - 1;
    let info: Awaited<ReturnType<typeof fs.lstat>>;
    try {
      info = await fs.lstat(at);
    } catch {
      throw new BackupError(`The backup is missing ${at}`);
    }
    if (info.isSymbolicLink())
      throw new BackupError(
        `Refusing to restore: ${at} is a symbolic link (a backup holds only regular files)`,
      );
    if (last ? !info.isFile() : !info.isDirectory())
      throw new BackupError(
        `Refusing to restore: ${at} is not a ${last ? 'regular file' : 'folder'} (a backup holds only regular files)`,
      );
  }
  return at;
}

/** Reads a backup's manifest and checks every checksum, before anything is written anywhere. */
export async function readBackup(
  folder: string,
): Promise<{ manifest: BackupManifest; objects: BackedUpObject[] }> {
  let manifest: BackupManifest;
  try {
    await regularFile(folder, [manifestName]);
    manifest = JSON.parse(await fs.readFile(path.join(folder, manifestName), 'utf8'));
  } catch {
    throw new BackupError(`${folder} is not a Waypoint backup (no readable ${manifestName})`);
  }
  if (manifest?.format !== 'waypoint-backup' || manifest.version !== 1)
    throw new BackupError(`${folder} is not a Waypoint backup of a version this site reads`);
  const dbFile = await regularFile(folder, [path.basename(String(manifest.database?.file))]);
  if ((await sha256File(dbFile)) !== manifest.database.sha256)
    throw new BackupError(`The backup's database file ${dbFile} is damaged (checksum differs)`);
  const listFile = await regularFile(folder, [path.basename(String(manifest.storage?.list))]);
  const list = await fs.readFile(listFile, 'utf8');
  if (sha256Text(list) !== manifest.storage.listSha256)
    throw new BackupError(`The backup's file list is damaged (checksum differs)`);
  let objects: BackedUpObject[];
  try {
    objects = JSON.parse(list);
    if (!Array.isArray(objects)) throw new Error('not a list');
  } catch {
    throw new BackupError(`The backup's file list is not a list of stored files`);
  }
  // Keys become paths below the backup folder and keys of the target: never outside either, and
  // only in the folders a backup takes (a key such as `jwt-secret` would land in DATA_DIR itself).
  for (const o of objects) {
    const key = String(o?.key);
    const folderOf = key.split('/')[0] ?? '';
    let valid = true;
    try {
      checkKey(key);
    } catch {
      valid = false;
    }
    if (!valid || key === folderOf || !(storedFolders as readonly string[]).includes(folderOf))
      throw new BackupError(
        `Refusing to restore: the backup lists ${JSON.stringify(key.slice(0, 120))}, which is not a stored file (backups hold only ${storedFolders.join(', ')})`,
      );
  }
  if (manifest.storage.filesIncluded) {
    for (const o of objects) {
      const file = await regularFile(folder, [filesFolder, ...o.key.split('/')]);
      if ((await sha256File(file)) !== o.sha256)
        throw new BackupError(`The backup's copy of ${o.key} is damaged (checksum differs)`);
    }
  }
  return { manifest, objects };
}

/** The tables the target database already has (none for a DATA_DIR without a database file). */
async function targetTables(config: Settings): Promise<string[]> {
  if (!isPostgresUrl(config.databaseUrl) && !existsSync(sqliteFile(config.dataDir))) return [];
  const db = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    return await listTables(db);
  } finally {
    await db.close();
  }
}

async function firstStoredKey(store: ObjectStore): Promise<string | undefined> {
  for (const folder of storedFolders) for await (const info of store.list(folder)) return info.key;
  return undefined;
}

export interface RestoreSummary {
  engine: 'sqlite' | 'postgres';
  tables: number;
  rows: number;
  filesRestored: number;
  /** Objects the manifest lists that the bucket does not hold with the same size (listed-only backups). */
  filesMissing: string[];
}

/**
 * Brings a backup back into an empty site: a DATA_DIR without a database and stored files, or an
 * empty PostgreSQL database (plus empty storage). Refuses a target that holds anything, so a restore
 * never mixes with or overwrites a live site. The restored database is checked (SQLite's integrity
 * check; on both engines every table is read and its rows counted against the manifest).
 */
export async function restoreBackup(
  config: Settings,
  folder: string,
  progress: Progress = () => {},
): Promise<RestoreSummary> {
  const { manifest, objects } = await readBackup(folder);
  const engine = isPostgresUrl(config.databaseUrl) ? 'postgres' : 'sqlite';
  if (engine !== manifest.engine)
    throw new BackupError(
      `This backup is of a ${manifest.engine} database; DATABASE_URL selects ${engine}. Restore it onto the same engine.`,
    );
  const store = createStore(config);
  try {
    const writeFiles = manifest.storage.filesIncluded;
    // Refuse before writing anything.
    const existing = await targetTables(config);
    if (existing.length > 0)
      throw new BackupError(
        `Refusing to restore: the target database ${engine === 'sqlite' ? sqliteFile(config.dataDir) : '(DATABASE_URL)'} is not empty (it has ${existing.length} tables). Restore into a fresh DATA_DIR or an empty database.`,
      );
    if (writeFiles) {
      const present = await firstStoredKey(store);
      if (present)
        throw new BackupError(
          `Refusing to restore: the storage (${store.description}) already holds files (${present}). Restore into empty storage.`,
        );
    }

    const dbFile = path.join(folder, path.basename(manifest.database.file));
    if (engine === 'postgres') {
      progress('database: pg_restore');
      await pgRestore(config.databaseDirectUrl || config.databaseUrl, dbFile);
    } else {
      const target = sqliteFile(config.dataDir);
      await privateDir(config.dataDir);
      const tmp = `${target}.restoring`;
      await fs.copyFile(dbFile, tmp);
      await fs.chmod(tmp, privateFileMode);
      const { integrity } = inspectSqliteFile(tmp);
      if (integrity !== 'ok') {
        await fs.rm(tmp, { force: true });
        throw new BackupError(`The backup's database fails its integrity check: ${integrity}`);
      }
      // An existing target holds no tables (checked above): an empty file, perhaps with WAL companions.
      for (const suffix of ['', '-wal', '-shm']) await fs.rm(`${target}${suffix}`, { force: true });
      await fs.rename(tmp, target);
      progress(`database: ${target}`);
    }

    const restored = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    let counts: TableCounts;
    try {
      counts = await countTables(restored);
    } finally {
      await restored.close();
    }
    for (const [table, n] of Object.entries(manifest.database.tables))
      if (counts[table] !== n)
        throw new BackupError(
          `The restored database differs from the backup: table ${table} has ${counts[table] ?? 'no'} rows, the backup ${n}`,
        );

    let filesRestored = 0;
    const filesMissing: string[] = [];
    for (const o of objects) {
      if (writeFiles) {
        await store.putFile(o.key, path.join(folder, filesFolder, ...o.key.split('/')));
        filesRestored++;
        if (filesRestored % 1000 === 0) progress(`files: ${filesRestored} of ${objects.length}`);
      } else {
        const head = await store.head(o.key);
        if (!head || head.size !== o.size) filesMissing.push(o.key);
      }
    }
    progress(
      writeFiles
        ? `files: ${filesRestored} restored into ${store.description}`
        : `files: ${objects.length - filesMissing.length} of ${objects.length} present in ${store.description}`,
    );
    return {
      engine,
      tables: Object.keys(counts).length,
      rows: Object.values(counts).reduce((a, b) => a + b, 0),
      filesRestored,
      filesMissing,
    };
  } finally {
    await store.close();
  }
}
