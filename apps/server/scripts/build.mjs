// Builds the server for production: one self-contained ES module per entry point in apps/server/dist
// (the server, the seed command and every media worker, side by side so that a worker is found next
// to the code that starts it), with the workspace's own TypeScript (the shared package
// included) compiled in and the npm dependencies left as imports. `NODE_ENV=production npm start`
// runs dist/main.js with plain `node`.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, '..');
const src = path.join(serverDir, 'src');
const outdir = path.join(serverDir, 'dist');

/** Every `*.worker.ts` below src: media work runs in child processes started from these files. */
function workers(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return workers(full);
    return entry.name.endsWith('.worker.ts') ? [full] : [];
  });
}

const pkg = JSON.parse(readFileSync(path.join(serverDir, 'package.json'), 'utf8'));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter(
  (name) => !name.startsWith('@waypoint/'),
);

rmSync(outdir, { recursive: true, force: true });
const started = Date.now();
await build({
  entryPoints: [path.join(src, 'main.ts'), path.join(src, 'db/seed-cli.ts'), ...workers(src)],
  entryNames: '[name]',
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  external,
  // Some dependencies are CommonJS and call require(): give the bundle one.
  banner: {
    js: "import { createRequire as __wpRequire } from 'node:module'; const require = __wpRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
console.log(
  `Server built into ${path.relative(process.cwd(), outdir) || outdir} in ${Date.now() - started} ms`,
);
