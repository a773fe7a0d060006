import type * as Leaflet from 'leaflet';
import { chunkLoaderOf } from './chunk-loader.ts';
import type { HtmlMarkerLayer } from './layers/html-layer.ts';
import type { MarkerCanvasLayer } from './layers/marker-canvas-layer.ts';
import type { MarkerStore } from './layers/marker-store.ts';
import type { PathLayer } from './layers/path-layer.ts';

/** The layers that draw a large map's rows as they arrive. */
export interface ChunkTargets {
  markers: MarkerCanvasLayer;
  paths: PathLayer;
  html: HtmlMarkerLayer;
}

/**
 * Feeds a large map's chunks into its store: those in view first (of floor `level` first), each
 * drawn as it arrives. Answers the call that stops it; a map whose rows came in one answer has
 * nothing to feed.
 */
export function feedChunks(
  map: Leaflet.Map,
  store: MarkerStore,
  level: number | undefined,
  layers: ChunkTargets,
  onError: (error: unknown) => void,
): () => void {
  const loader = chunkLoaderOf(store.data);
  if (!loader) return () => undefined;
  let stopped = false;
  // Chunks loaded while another store was shown.
  let filled = false;
  loader.data.chunks.chunks.forEach((c, n) => {
    if (loader.isLoaded(n) && c.count > 0 && !store.loaded[c.start]) {
      store.fillRange(c.start, c.count);
      filled = true;
    }
  });
  const htmlShown = store.definitions.some((d) => d.markerDefinitionType === 'HTML');
  let tick = 0;
  let told = performance.now();
  const changed = (points: boolean, rows?: { start: number; count: number }) => {
    if (stopped) return;
    if (rows) layers.markers.addRows(rows.start, rows.count);
    else layers.markers.refresh();
    if (points) layers.paths.sync();
    if (htmlShown) layers.html.sync();
    // The page's counts (found per definition, a shared marker's popup) follow the last chunk,
    // and every second while chunks arrive: rendering the page for each would slow the loading.
    const now = performance.now();
    if (!loader.complete && now - told < 1000) return;
    told = now;
    cancelAnimationFrame(tick);
    tick = requestAnimationFrame(() => store.rowsArrived());
  };
  // Rows came in, or every chunk was in before this store: the layers and the page follow.
  if (filled || loader.complete) changed(true);
  const view = map.getBounds();
  loader
    .load(
      loader.order(view.getNorth(), view.getSouth(), level),
      (chunk) => {
        store.fillChunk(chunk, store.data.markers === loader.data.markers);
        changed(Boolean(chunk.extras.points), chunk);
      },
      () => stopped,
    )
    .catch((error: unknown) => {
      if (!stopped) onError(error);
    });
  return () => {
    stopped = true;
    cancelAnimationFrame(tick);
  };
}

/** Whether a feed asked for floor `fedLevel` first should start again for floor `level`. */
export function refeedFor(store: MarkerStore, fedLevel: number | undefined, level: number | undefined) {
  const loader = chunkLoaderOf(store.data);
  return Boolean(loader && !loader.complete && fedLevel !== level);
}
