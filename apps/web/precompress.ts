import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const compressible = /\.(js|mjs|css|svg|json|txt|html|webmanifest)$/;

/**
 * Writes `.br` and `.gz` next to every text asset of the build, so the server sends compressed
 * files without compressing on each request (the hashed assets are cached for ever anyway).
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'waypoint-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const dir = path.join(outDir, 'assets');
      const files = (await readdir(dir)).filter((f) => compressible.test(f));
      await Promise.all(
        files.map(async (file) => {
          const data = await readFile(path.join(dir, file));
          if (data.length < 1024) return;
          const [br, gzipped] = await Promise.all([
            brotli(data, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 11,
                [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
              },
            }),
            gz(data, { level: 9 }),
          ]);
          await writeFile(path.join(dir, `${file}.br`), br);
          await writeFile(path.join(dir, `${file}.gz`), gzipped);
        }),
      );
    },
  };
}
