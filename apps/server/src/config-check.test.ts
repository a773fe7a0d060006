import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { checkProductionConfig } from './config-check.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'waypoint-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const strongSecret = 'x'.repeat(32);
const config = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env });

describe('checkProductionConfig', () => {
  it('refuses the default admin password and a short JWT secret in production', () => {
    const result = checkProductionConfig(config({ JWT_SECRET: 'short' }), { NODE_ENV: 'production' });
    expect(result.fatal).toBe(true);
    expect(result.problems.join('\n')).toMatch(/ADMIN_PASSWORD/);
    expect(result.problems.join('\n')).toMatch(/JWT_SECRET/);
  });

  it('accepts a set admin password and a long secret', () => {
    const result = checkProductionConfig(
      config({ JWT_SECRET: strongSecret, ADMIN_PASSWORD: 'a long and private phrase' }),
      { NODE_ENV: 'production' },
    );
    expect(result).toEqual({ fatal: false, problems: [] });
  });

  it('accepts the secret generated into DATA_DIR', () => {
    const result = checkProductionConfig(config({ ADMIN_PASSWORD: 'a long and private phrase' }), {
      NODE_ENV: 'production',
    });
    expect(result.problems).toEqual([]);
  });

  it('only warns outside production', () => {
    const result = checkProductionConfig(config({ JWT_SECRET: 'short' }), {});
    expect(result.fatal).toBe(false);
    expect(result.problems).toHaveLength(2);
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default and takes a hop count or a list of addresses', () => {
    expect(config({}).trustProxy).toBe(false);
    expect(config({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(config({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8']);
    expect(config({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });
});
