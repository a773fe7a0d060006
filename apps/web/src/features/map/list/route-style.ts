import type L from 'leaflet';

/** How a route is drawn (the auto route, and a route shared through a link): a line over a white casing. */
export const routeLineStyle: L.PolylineOptions = {
  color: '#c2410c',
  weight: 4,
  opacity: 0.95,
  interactive: false,
};
export const routeCasingStyle: L.PolylineOptions = {
  color: '#ffffff',
  weight: 8,
  opacity: 0.85,
  interactive: false,
};
