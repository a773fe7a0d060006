/**
 * The address template of a tile pyramid below the image host (`{z}`, `{x}`, `{y}` left for the map
 * library): `mapTiles/{tilesPath}/{z}/{x}/{y}.png`, with the picture's version as a query so that a
 * pyramid cut again from a new picture is a new address for every cache.
 */
export function tileAddressTemplate(imageHost: string, tilesPath: string, version?: string): string {
  const v = version ? `?v=${encodeURIComponent(version)}` : '';
  return `${imageHost}/mapTiles/${tilesPath.split('/').map(encodeURIComponent).join('/')}/{z}/{x}/{y}.png${v}`;
}

/** The address of one tile of a pyramid. */
export function tileAddress(
  imageHost: string,
  tilesPath: string,
  version: string | undefined,
  tile: { z: number; x: number; y: number },
): string {
  return tileAddressTemplate(imageHost, tilesPath, version)
    .replace('{z}', String(tile.z))
    .replace('{x}', String(tile.x))
    .replace('{y}', String(tile.y));
}
