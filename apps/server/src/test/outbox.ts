import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { vi } from 'vitest';

/** The outbox's mails to `to`, newest first, with quoted-printable soft breaks and escapes undone. */
export function mailsTo(dataDir: string, to: string): string[] {
  const outbox = path.join(dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(outbox).sort().reverse();
  } catch {
    return [];
  }
  return files
    .map((file) =>
      readFileSync(path.join(outbox, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    )
    .filter((eml) => eml.includes(`To: ${to}`));
}

/**
 * Waits for a mail to `to` (mails go out after the answer) and returns the secret of its newest link
 * under `pathPrefix` (e.g. `/passwordRecovery`).
 */
export async function mailedLink(dataDir: string, to: string, pathPrefix: string): Promise<string> {
  const pattern = new RegExp(`${pathPrefix}/([A-Za-z0-9_-]+)`);
  return vi.waitFor(
    () => {
      for (const eml of mailsTo(dataDir, to)) {
        const match = pattern.exec(eml);
        if (match) return match[1] as string;
      }
      throw new Error(`no mail to ${to} with a ${pathPrefix} link`);
    },
    { timeout: 10_000, interval: 20 },
  );
}
