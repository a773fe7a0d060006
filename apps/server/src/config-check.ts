import type { Config } from './config.ts';

/** The admin password a fresh install starts with (README). */
export const DEFAULT_ADMIN_PASSWORD = 'waypoint-admin';
/** HS256 needs a key at least as long as its 256-bit output. */
export const MIN_JWT_SECRET_BYTES = 32;

/**
 * Settings that are fine on a developer's machine and dangerous on a public server. With
 * NODE_ENV=production they stop the start (`fatal`); otherwise the server warns and starts.
 */
export function checkProductionConfig(
  config: Config,
  env: Record<string, string | undefined>,
): { fatal: boolean; problems: string[] } {
  const problems: string[] = [];
  if (config.adminPassword === DEFAULT_ADMIN_PASSWORD) {
    problems.push(
      `ADMIN_PASSWORD is the default "${DEFAULT_ADMIN_PASSWORD}": set a private password for the admin account.`,
    );
  }
  if (Buffer.byteLength(config.jwtSecret, 'utf8') < MIN_JWT_SECRET_BYTES) {
    problems.push(
      `JWT_SECRET is shorter than ${MIN_JWT_SECRET_BYTES} bytes: set a longer random secret, or unset it to use the one generated in DATA_DIR.`,
    );
  }
  return { fatal: problems.length > 0 && env.NODE_ENV === 'production', problems };
}
