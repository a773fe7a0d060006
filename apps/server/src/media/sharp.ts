import os from 'node:os';
import sharp from 'sharp';

let configured = false;

/**
 * Limits libvips for a media child process: one worker thread (a decode cannot spread over every
 * core) and no operation cache. Called once by each worker before any image work.
 */
export function useOneSharpThread(): typeof sharp {
  getSharp();
  sharp.concurrency(1);
  return sharp;
}

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
