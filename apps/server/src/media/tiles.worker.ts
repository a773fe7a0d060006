/**
 * Child process that cuts and publishes one tile pyramid (see tiles.ts). Argument: JSON
 * `{ input, liveDir, options }`. Sends the TileResult, or `{ error, code }`.
 */
import { serveMediaChild } from './child.ts';
import { replaceTiles, type TileOptions } from './tiles.ts';

const { input, liveDir, options } = JSON.parse(process.argv[2]) as {
  input: string;
  liveDir: string;
  options: TileOptions;
};
await serveMediaChild(() => replaceTiles(input, liveDir, options));
