import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findRepoRoot, loadConfig } from './config.ts';

const root = path.resolve(import.meta.dirname, '../../..');

describe('the workspace root', () => {
  it('is found from the sources and from the built server alike', () => {
    expect(findRepoRoot(path.join(root, 'apps/server/src'))).toBe(root);
    // The bundled server runs from apps/server/dist: one folder less deep than config.ts in src.
    expect(findRepoRoot(path.join(root, 'apps/server/dist'))).toBe(root);
  });

  it('places the default data folder and the web app inside it', () => {
    const config = loadConfig({ JWT_SECRET: 'a'.repeat(40), WEBHOOK_SECRET_KEY: 'b'.repeat(64) });
    expect(config.dataDir).toBe(path.join(root, 'data'));
    expect(config.webDist).toBe(path.join(root, 'apps/web/dist'));
  });
});
