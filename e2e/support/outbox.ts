import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

const outbox = () => path.join(process.env.WAYPOINT_E2E_DATA ?? '', 'outbox');

/** Quoted-printable bodies: soft line breaks and =XX escapes. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The e-mails written to the server's outbox for this address, oldest first (decoded). */
function mailsTo(address: string): string[] {
  let files: string[];
  try {
    files = readdirSync(outbox())
      .filter((f) => f.endsWith('.eml'))
      .sort();
  } catch {
    return [];
  }
  return files
    .map((f) => decodeQuotedPrintable(readFileSync(path.join(outbox(), f), 'utf8')))
    .filter((text) => text.toLowerCase().includes(address.toLowerCase()));
}

/** Waits for the e-mail to the address and returns the path of its link (e.g. `/confirmAccount/…`). */
export async function linkFromMail(
  address: string,
  kind: 'confirmAccount' | 'passwordRecovery',
  since: string[] = [],
) {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const pattern = new RegExp(`/${kind}/([A-Za-z0-9_.~-]+)`);
        const links = mailsTo(address)
          .map((mail) => pattern.exec(mail)?.[0])
          .filter((l): l is string => Boolean(l) && !since.includes(l as string));
        link = links.at(-1);
        return link;
      },
      { timeout: 10_000, message: `an e-mail with a ${kind} link to ${address}` },
    )
    .toBeTruthy();
  return link as string;
}
