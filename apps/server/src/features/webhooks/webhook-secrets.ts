import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Webhook secrets sealed with a key kept outside the database (WEBHOOK_SECRET_KEY or the generated
 * DATA_DIR/webhook-secret-key), so a copy of the database or of a backup alone cannot sign
 * deliveries. AES-256-GCM: `enc:v1:<key id>:<iv>:<tag>:<ciphertext>` (base64url). A value without the
 * prefix is a secret stored in plain text before sealing existed: it is still read, and sealed at start.
 */
const prefix = 'enc:v1:';

interface Key {
  id: string;
  bytes: Buffer;
}

function keyOf(material: string): Key {
  const bytes = createHash('sha256').update(`waypoint webhook secrets\0${material}`).digest();
  return { id: createHash('sha256').update(bytes).digest('hex').slice(0, 12), bytes };
}

export interface SecretBox {
  seal(secret: string): string;
  /** The secret, or undefined when none of the keys opens it (sealed with a key no longer given). */
  open(stored: string): string | undefined;
  /** Whether `stored` is sealed with the current key (else a start seals it anew). */
  isCurrent(stored: string): boolean;
}

/** `keys[0]` seals; every key opens (earlier keys during a rotation). */
export function createSecretBox(keys: string[]): SecretBox {
  if (keys.length === 0) throw new Error('No key for webhook secrets');
  const all = keys.map(keyOf);
  const current = all[0]!;
  return {
    seal(secret) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', current.bytes, iv);
      const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url'));
      return `${prefix}${current.id}:${parts.join(':')}`;
    },
    open(stored) {
      if (!stored.startsWith(prefix)) return stored;
      const [id, iv, tag, data] = stored.slice(prefix.length).split(':');
      const key = all.find((k) => k.id === id);
      if (!key || !iv || !tag || data === undefined) return undefined;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key.bytes, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        return undefined;
      }
    },
    isCurrent: (stored) => stored.startsWith(`${prefix}${current.id}:`),
  };
}
