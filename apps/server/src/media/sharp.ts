import os from 'node:os';
import sharp from 'sharp';

let configured = false;

/**
 * sharp configured for this server: one libvips worker per core (the library default here is 1)
 * and no operation cache, so that a replaced file is never answered from a stale cached decode.
 */
export function getSharp(): typeof sharp {
  if (!configured) {
    sharp.concurrency(
      typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length,
    );
    sharp.cache(false);
    configured = true;
  }
  return sharp;
}
