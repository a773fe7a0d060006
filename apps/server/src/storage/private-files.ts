import { chmodSync, mkdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Files the site writes that hold secrets or personal data (the database and its WAL, the outbox,
 * backups, key files) are its user's only: files 0600, folders 0700, whatever the umask. A mode
 * given at creation is narrowed by the umask only, never widened, so these modes survive any umask;
 * a folder that exists already is narrowed by chmod.
 */
export const privateFileMode = 0o600;
export const privateDirMode = 0o700;

/** Narrows an existing path we own; one owned by another user (a mounted volume) is left as it is. */
function narrow(target: string, mode: number): void {
  try {
    chmodSync(target, mode);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
  }
}

/** Creates `dir` (and missing parents) as 0700, and narrows it to 0700 if it was there already. */
export function privateDirSync(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: privateDirMode });
  narrow(dir, privateDirMode);
}

export async function privateDir(dir: string): Promise<void> {
  await fs.mkdir(dir, { recursive: true, mode: privateDirMode });
  narrow(dir, privateDirMode);
}

/** Writes `file` as 0600 (also when it existed with a wider mode). */
export async function writePrivateFile(file: string, data: string | Uint8Array): Promise<void> {
  await fs.writeFile(file, data, { mode: privateFileMode });
  await fs.chmod(file, privateFileMode);
}

/** Narrows every folder under `root` (itself included) to 0700 and every file to 0600. */
export async function makeTreePrivate(root: string): Promise<void> {
  const info = await fs.lstat(root);
  if (info.isSymbolicLink()) return;
  if (!info.isDirectory()) return fs.chmod(root, privateFileMode);
  await fs.chmod(root, privateDirMode);
  for (const entry of await fs.readdir(root, { withFileTypes: true }))
    await makeTreePrivate(path.join(root, entry.name));
}
