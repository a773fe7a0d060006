/**
 * The map position in the page address: `lat`, `lng` and `zoom` keep the view, so that reloading,
 * back/forward and shared links open the map where it was; `marker` names a marker to open.
 */
export const mapViewParams = { lat: 'lat', lng: 'lng', zoom: 'zoom', marker: 'marker' } as const;

export interface MapViewPosition {
  lat: number;
  lng: number;
  zoom: number;
}

const viewKeys: ReadonlySet<string> = new Set([mapViewParams.lat, mapViewParams.lng, mapViewParams.zoom]);

function finite(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

/**
 * The view a query string names, or undefined when any part is missing or not a number. `limits`
 * keeps a shared link from opening far outside the picture or past the zoom range.
 */
export function parseMapView(
  search: { get(name: string): string | null },
  limits?: { south: number; west: number; north: number; east: number; minZoom: number; maxZoom: number },
): MapViewPosition | undefined {
  const lat = finite(search.get(mapViewParams.lat));
  const lng = finite(search.get(mapViewParams.lng));
  const zoom = finite(search.get(mapViewParams.zoom));
  if (lat === undefined || lng === undefined || zoom === undefined) return undefined;
  if (!limits) return { lat, lng, zoom };
  const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
  return {
    lat: clamp(lat, limits.south, limits.north),
    lng: clamp(lng, limits.west, limits.east),
    zoom: clamp(zoom, limits.minZoom, limits.maxZoom),
  };
}

/** Rounds a view for the address: two decimals of a coordinate and of a zoom are finer than a pixel step. */
function round(n: number) {
  return String(Math.round(n * 100) / 100);
}

/** The query of an address as `key=value` parts in order (values left encoded). */
export function splitUrl(pageUrl: string) {
  const hashAt = pageUrl.indexOf('#');
  const hash = hashAt >= 0 ? pageUrl.slice(hashAt) : '';
  const withoutHash = hashAt >= 0 ? pageUrl.slice(0, hashAt) : pageUrl;
  const queryAt = withoutHash.indexOf('?');
  const base = queryAt >= 0 ? withoutHash.slice(0, queryAt) : withoutHash;
  const parts = (queryAt >= 0 ? withoutHash.slice(queryAt + 1) : '').split('&').filter((p) => p !== '');
  const params = {
    parts,
    delete(key: string) {
      params.parts = params.parts.filter((p) => decodeURIComponent(p.split('=')[0] ?? '') !== key);
    },
    set(key: string, value: string) {
      params.delete(key);
      params.parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(value)}`);
    },
  };
  return { base, params, hash };
}

export function joinUrl(base: string, params: { parts: string[] }, hash: string) {
  return `${base}${params.parts.length > 0 ? `?${params.parts.join('&')}` : ''}${hash}`;
}

/** The page address with the view replaced (other parameters kept, the marker to open dropped). */
export function withMapView(pageUrl: string, view: MapViewPosition): string {
  const { base, params, hash } = splitUrl(pageUrl);
  params.delete(mapViewParams.marker);
  params.set(mapViewParams.lat, round(view.lat));
  params.set(mapViewParams.lng, round(view.lng));
  params.set(mapViewParams.zoom, round(view.zoom));
  return joinUrl(base, params, hash);
}

/** The page address without the view (a filter link is about what shows, not where). */
export function withoutMapView(pageUrl: string): string {
  const { base, params, hash } = splitUrl(pageUrl);
  for (const key of [...viewKeys, mapViewParams.marker]) params.delete(key);
  return joinUrl(base, params, hash);
}

/** A link that opens the map at a marker with its popup: the view and the marker id. */
export function markerShareLink(pageUrl: string, markerId: string, view: MapViewPosition): string {
  const { base, params, hash } = splitUrl(withMapView(pageUrl, view));
  params.set(mapViewParams.marker, markerId);
  return joinUrl(base, params, hash);
}
