import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
const cpu = (pid) => { const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' '); return (Number(f[11]) + Number(f[12])) * 10; };

const trees = { base: '/work/wt-base', main: '/work/main' };
async function start(tree, port, dataDir) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(tree, 'apps/server/src/main.ts')], {
    cwd: tree,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error', DEMO_IMAGES: 'false' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 300; i++) {
    try { if ((await fetch(`http://127.0.0.1:${port}/api/games`)).ok) return child; } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('no start');
}
const rounds = Number(process.argv[2] ?? 2);
const results = {};
for (let r = 0; r < rounds; r++) {
  for (const [name, tree] of Object.entries(trees)) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), `ab-${name}-`));
    const port = 4700 + r * 2 + (name === 'main' ? 1 : 0);
    const child = await start(tree, port, dataDir);
    const base = `http://127.0.0.1:${port}`;
    await autocannon({ url: `${base}/api/games`, connections: 4, amount: 500 });
    await autocannon({ url: `${base}/api/game/frontier_zone`, connections: 4, amount: 500 });
    let c0 = cpu(child.pid);
    const games = await autocannon({ url: `${base}/api/games`, connections: 50, amount: 40000 });
    const gamesCpu = (cpu(child.pid) - c0) / 40000 * 1000;
    c0 = cpu(child.pid);
    const one = await autocannon({ url: `${base}/api/game/frontier_zone`, connections: 10, amount: 40000 });
    const oneCpu = (cpu(child.pid) - c0) / 40000 * 1000;
    console.log(name, 'cpu µs/request: games', gamesCpu.toFixed(1), 'game', oneCpu.toFixed(1));
    (results[name] ??= []).push([Math.round(games.requests.average), Math.round(one.requests.average), games.latency.p99, one.latency.p99]);
    console.log(name, r, 'games', Math.round(games.requests.average), 'p99', games.latency.p99, '| game', Math.round(one.requests.average), 'p99', one.latency.p99, '| load', os.loadavg()[0].toFixed(2));
    child.kill();
    await new Promise((res) => child.once('exit', res));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
console.log(JSON.stringify(results));
