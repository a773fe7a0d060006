import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** A hidden sibling name for a file being written (never matches a served path segment). */
export function tempSibling(file: string, tag = 'tmp'): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${tag}-${randomBytes(6).toString('hex')}`);
}

/**
 * Writes a file through a temporary sibling and a rename, so a reader sees either the old or the
 * new content, never a partial file. `write` receives the temporary path.
 */
export async function writeAtomically(file: string, write: (tmp: string) => Promise<unknown>): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const tmp = tempSibling(file);
  try {
    await write(tmp);
    await fs.rename(tmp, file);
  } catch (error) {
    await fs.rm(tmp, { force: true });
    throw error;
  }
}
