import { constants } from '@waypoint/shared/constants';

const key = 'waypoint-chunk-reload';

/** After a deploy, old page chunks are gone: reload once, at most once per 60 seconds. */
export function reloadForFailedChunk(): boolean {
  try {
    const last = Number(sessionStorage.getItem(key) ?? 0);
    if (Date.now() - last < constants.chunkReloadWindowMs) return false;
    sessionStorage.setItem(key, String(Date.now()));
  } catch {
    return false;
  }
  location.reload();
  return true;
}

export function isChunkLoadError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically|ChunkLoadError|Unable to preload CSS/i.test(
    text,
  );
}

export function installChunkReload() {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadForFailedChunk()) event.preventDefault();
  });
}
