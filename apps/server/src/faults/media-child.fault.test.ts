/**
 * A media child (the low-priority process that cuts a tile pyramid) whose server is killed stops at
 * once: it writes nothing more into the folder the next run removes.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { afterAll, expect, it } from 'vitest';
import { expectedTileCount } from '../media/tiles.ts';
import { report, sleep } from './harness.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'waypoint-orphan-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const pngsBelow = (folder: string) =>
  readdirSync(folder, { recursive: true }).filter((f) => String(f).endsWith('.png')).length;

/** The pid of the process whose command line names `marker`. */
function pidNaming(marker: string): number | undefined {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(marker)) return Number(entry);
    } catch {
      // The process ended while the list was read.
    }
  }
  return undefined;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

it('a tile child whose server was killed with SIGKILL stops writing at once', async () => {
  const side = 12_000;
  const input = path.join(dir, 'big.png');
  await sharp({ create: { width: side, height: side, channels: 3, background: '#2a6' } })
    .png({ compressionLevel: 1 })
    .toFile(input);
  const outDir = path.join(dir, 'pyramid');
  const server = path.join(dir, 'server.ts');
  const tiles = pathToFileURL(path.join(import.meta.dirname, '../media/tiles.ts')).href;
  writeFileSync(
    server,
    `import { cutTilesInChild } from ${JSON.stringify(tiles)};
cutTilesInChild(${JSON.stringify(input)}, ${JSON.stringify(outDir)}, { format: 'png' }).result.catch(() => {});
setInterval(() => {}, 1000);
`,
  );
  const loader = pathToFileURL(
    path.join(path.dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/loader.mjs'),
  ).href;
  const parent = spawn(process.execPath, ['--import', loader, server], { stdio: 'ignore' });
  let child: number | undefined;
  const workDir = `${outDir}.work`;
  const cut = () => {
    try {
      return pngsBelow(workDir);
    } catch {
      return 0;
    }
  };
  for (const end = Date.now() + 60_000; Date.now() < end; await sleep(50)) {
    child ??= pidNaming(`"outDir":${JSON.stringify(outDir)}`);
    if (child && cut() >= 20) break;
  }
  expect(child, 'the cutting child started').toBeDefined();
  const atKill = cut();
  parent.kill('SIGKILL');
  const killedAt = Date.now();
  while (alive(child!) && Date.now() - killedAt < 10_000) await sleep(20);
  const lived = Date.now() - killedAt;
  const atExit = cut();
  await sleep(500);
  report(
    `orphaned tile child: ${atKill} tiles at the kill, exited ${lived} ms later with ${atExit} of ${expectedTileCount(side, side)}`,
  );
  expect(alive(child!)).toBe(false);
  expect(lived).toBeLessThan(5_000);
  // A child that only exits once its running cut is over would have written the whole pyramid.
  expect(atExit).toBeLessThan(expectedTileCount(side, side));
  expect(cut()).toBe(atExit);
}, 90_000);
