// `npm start`: builds what is missing (the web app; in production also the server), then runs the
// server (migrate, seed an empty database, serve web + API on PORT). With NODE_ENV=production the
// built server (apps/server/dist/main.js) runs on plain `node`; otherwise the TypeScript sources run
// through tsx.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webIndex = path.join(root, 'apps/web/dist/index.html');
const serverMain = path.join(root, 'apps/server/dist/main.js');
const production = process.env.NODE_ENV === 'production';

function build(workspace, what) {
  console.log(`Building ${what} (first start)…`);
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!existsSync(webIndex) && !process.env.WEB_DIST) build('apps/web', 'the web app');
if (production && !existsSync(serverMain)) build('apps/server', 'the server');

const args = production
  ? ['--enable-source-maps', serverMain]
  : ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')];
const server = spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
