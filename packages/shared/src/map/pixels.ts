/**
 * Map pixels: a map's own coordinates, the pixels of its picture (x right, y down from the top-left
 * corner). The map page draws in Leaflet units, 2^maxZoom pixels each, with y pointing up.
 */

/** The side assumed for a map picture whose size is not known yet (no picture uploaded). */
export const defaultPictureSide = 4096;

interface MapPicture {
  maxZoom?: number | null;
  images?: { mapImage?: { imageWidth?: number; imageHeight?: number } | null } | null;
}

/** Width and height of a map's picture in pixels. */
export function mapPictureSize(map: MapPicture): { width: number; height: number } {
  const image = map.images?.mapImage;
  return {
    width: image?.imageWidth || defaultPictureSide,
    height: image?.imageHeight || defaultPictureSide,
  };
}

/** A map pixel as a Leaflet position of a map of `maxZoom`. */
export function pixelToLatLng(x: number, y: number, maxZoom: number): { lat: number; lng: number } {
  const unit = 2 ** maxZoom;
  return { lat: -y / unit, lng: x / unit };
}

/** A Leaflet position as the map pixel under it. */
export function latLngToPixel(lat: number, lng: number, maxZoom: number): { x: number; y: number } {
  const unit = 2 ** maxZoom;
  return { x: lng * unit, y: -lat * unit };
}
