import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

const webDir = path.resolve(import.meta.dirname, '..');
const rootDir = path.resolve(webDir, '../..');

/**
 * A build of the web app with the map's probe (src/features/map/probe.ts), which the benchmarks read:
 * in `dist-probe` beside the production build, made again when the sources are newer than it.
 * Answers its folder (the server's WEB_DIST).
 */
export function probeBuild(): string {
  const out = path.join(webDir, 'dist-probe');
  const built = path.join(out, 'index.html');
  const fresh =
    existsSync(built) &&
    statSync(built).mtimeMs > newestSource(path.join(webDir, 'src')) &&
    !process.env.REBUILD;
  if (!fresh) {
    execFileSync(
      process.execPath,
      [path.join(rootDir, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', out, '--emptyOutDir'],
      { cwd: webDir, stdio: 'inherit', env: { ...process.env, WAYPOINT_PROBE: '1' } },
    );
  }
  return out;
}

function newestSource(dir: string): number {
  const out = execFileSync('git', ['log', '-1', '--format=%ct', '--', dir], { cwd: rootDir })
    .toString()
    .trim();
  // Uncommitted changes count as now.
  const dirty = execFileSync('git', ['status', '--porcelain', '--', dir], { cwd: rootDir }).toString().trim();
  return dirty ? Date.now() : Number(out) * 1000;
}
