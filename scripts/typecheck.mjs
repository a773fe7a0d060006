// `npm run typecheck`: every TypeScript project of the repository, checked by `tsc` side by side (one
// `tsc` uses one core), each project's messages printed together once it is done. Exits non-zero when
// any project has errors.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
// Largest first, so the longest check does not start last.
const projects = ['apps/web', 'apps/server', 'apps/web/scripts', 'e2e', 'packages/shared', 'apps/web/src/sw'];

function check(project) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', project], { cwd: root });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => {
      process.stdout.write(`tsc -p ${project}: ${code === 0 ? 'ok' : 'errors'}\n${output}`);
      resolve(code === 0);
    });
  });
}

const waiting = [...projects];
let failed = false;
await Promise.all(
  Array.from({ length: Math.min(availableParallelism(), projects.length) }, async () => {
    for (let project = waiting.shift(); project; project = waiting.shift()) {
      if (!(await check(project))) failed = true;
    }
  }),
);
process.exit(failed ? 1 : 0);
