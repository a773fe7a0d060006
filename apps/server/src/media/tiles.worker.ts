/**
 * Child process that cuts one tile pyramid into a local folder (see tiles.ts). Argument: JSON
 * `{ input, outDir, options }`. Sends the TileResult, or `{ error, code }`.
 */
import { serveMediaChild } from './child.ts';
import { cutTiles, type TileOptions } from './tiles.ts';

const { input, outDir, options } = JSON.parse(process.argv[2]) as {
  input: string;
  outDir: string;
  options: TileOptions;
};
await serveMediaChild(() => cutTiles(input, outDir, options));
