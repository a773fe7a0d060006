import { describe, expect, it } from 'vitest';

/** The query of a test address (the package has no DOM types). */
const query = (q: string) => new Map(q.split('&').map((p) => p.split('=') as [string, string]));
const params = (q: string) => ({ get: (k: string) => query(q).get(k) ?? null });

import { filterLink } from './definitions.ts';
import { markerShareLink, parseMapView, withMapView, withoutMapView } from './view-url.ts';

const page = 'https://waypoint.example/game/g/maps/m';

describe('the map view in the address', () => {
  it('writes the view rounded, keeps other parameters and drops the marker to open', () => {
    const url = withMapView(`${page}?markerDefinitions=a,b&marker=x#top`, {
      lat: -101.23456,
      lng: 88.004,
      zoom: 3.499,
    });
    expect(url).toBe(`${page}?markerDefinitions=a,b&lat=-101.23&lng=88&zoom=3.5#top`);
    expect(withMapView(url, { lat: 1, lng: 2, zoom: 3 })).toBe(
      `${page}?markerDefinitions=a,b&lat=1&lng=2&zoom=3#top`,
    );
  });

  it('reads a view only when all three parts are numbers, and clamps it to the picture', () => {
    expect(parseMapView(params('lat=-10&lng=20&zoom=2'))).toEqual({
      lat: -10,
      lng: 20,
      zoom: 2,
    });
    expect(parseMapView(params('lat=-10&lng=20'))).toBeUndefined();
    expect(parseMapView(params('lat=abc&lng=20&zoom=2'))).toBeUndefined();
    expect(parseMapView(params('lat=&lng=20&zoom=2'))).toBeUndefined();
    expect(parseMapView(params('lat=Infinity&lng=20&zoom=2'))).toBeUndefined();
    const limits = { south: -256, west: 0, north: 0, east: 256, minZoom: 1, maxZoom: 5 };
    expect(parseMapView(params('lat=-9999&lng=9999&zoom=40'), limits)).toEqual({
      lat: -256,
      lng: 256,
      zoom: 5,
    });
  });

  it('shares a marker with the view; a filter link leaves the view out', () => {
    const shared = markerShareLink(`${page}?markerDefinitions=a`, 'pm_1', { lat: -5, lng: 6, zoom: 4 });
    expect(shared).toBe(`${page}?markerDefinitions=a&lat=-5&lng=6&zoom=4&marker=pm_1`);
    expect(withoutMapView(shared)).toBe(`${page}?markerDefinitions=a`);
    expect(filterLink(shared, ['b', 'a'])).toBe(`${page}?markerDefinitions=a,b`);
  });
});
