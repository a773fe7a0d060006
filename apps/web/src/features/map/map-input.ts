import type { Point } from '@waypoint/shared/map/coords';
import type { TMap } from '@waypoint/shared/models/types';
import type { CoordsLayerInput } from './coords/coords-layer.ts';
import type { DrawingShape } from './layers/draw-layer.ts';
import type { ExtraMarker } from './layers/marker-canvas-layer.ts';
import type { MarkerStore } from './layers/marker-store.ts';
import type { MapOverlay } from './overlay.ts';
import type { PinLayerInput } from './pins/pin-layer.ts';
import type { PopupListener } from './popup-host.ts';
import type { MapViewState } from './view-store.ts';

/** What the page may ask of the map. */
export interface MapController {
  /** Flies to a marker and highlights it; answers false for an unknown marker. */
  flyToMarker(id: string): boolean;
  /** Draws one marker again after its data or completion changed. */
  redrawMarker(id: string): void;
  /** Opens a marker's popup (a shared marker link); answers false while the marker is not drawn. */
  openMarker(id: string): boolean;
  /** Highlights a marker and pans it to the centre at the current zoom (the marker list's focus). */
  centreMarker(id: string): void;
  /** Flies to one of the player's pins and opens it; answers false while it is not drawn. */
  openPin(id: string): boolean;
  /** The player's pins drawn inside `bounds` (at most `max`). */
  pinsInView(bounds: MapViewState['bounds'], max: number): { id: string; name: string }[];
  /** The map pixel at the centre of the view (undefined before the map is built). */
  viewCentre(): Point | undefined;
  /** Centres the view on a map pixel, zooming in to at least the map's middle zoom. */
  centreOn(pixel: Point): void;
  closePopup(): void;
  /** Gives the keyboard focus to the map. */
  focusMap(): void;
  /**
   * Shows an overlay of the page's own on the map, now and on every map built later, until the
   * answered call takes it off.
   */
  host(overlay: MapOverlay<never>): () => void;
}

/** What the map tools (suggest mode, admins) do with the pointer; without them the map only browses. */
export interface MapPointerTools {
  /** A marker was clicked: answers true when a tool took the click (no popup then). */
  onMarker?: (index: number) => boolean;
  /** The map itself (no marker) was clicked. */
  onMapClick?: (lat: number, lng: number) => void;
  /** A dragged marker was dropped at a new position. */
  onDrop?: (index: number, lat: number, lng: number) => void;
  /** Markers flagged draggable in the store can be dragged (move tool). */
  dragging: boolean;
  /** A place tool is active: clicks on markers go to the map. */
  placing: boolean;
  /** Markers placed and not yet answered by the server, drawn on top. */
  extras: readonly ExtraMarker[];
}

/** The player's own pins: what the layer shows, and where they ask to place one (the context menu). */
export interface MapPinsInput {
  layer: PinLayerInput | undefined;
  onAdd?: (lat: number, lng: number) => void;
}

/** Everything the map shows and tells, as the page has it now (`sync`). */
export interface MapInput {
  map: TMap;
  gameId: string;
  store: MarkerStore | undefined;
  /** Which markers are shown (the page's filters); applied to the store's visible flags. */
  isVisible: ((i: number) => boolean) | undefined;
  /** Which of the other markers are drawn faint (other floors, where the player asks for them). */
  isFaint?: (i: number) => boolean;
  /** The player's found markers; applied to the store's completed flags. */
  completed: ReadonlySet<string>;
  /** Links leave in a new tab (embedded map); no consent question is asked there. */
  embedded: boolean;
  /** Icons in the colour-blind-safe palette. */
  safeColours: boolean;
  /** The polygon or route being drawn, shown over the map. */
  drawing?: DrawingShape;
  /** The tiles of the floor shown, when it has its own (else the map's picture shows). */
  floorTiles?: { url: string; ready: boolean };
  /** The floor shown: a large map's chunks of that floor load first. */
  level?: number;
  tools?: MapPointerTools;
  pins?: MapPinsInput;
  /** The coordinates' readout, measured line and "Go to" mark. */
  coords?: CoordsLayerInput;
  /** The open popup changed (its content is rendered by the page). */
  onPopup: PopupListener;
  /**
   * The marker layers are on the map (true) or gone (false): markers can be flown to and opened
   * from then on. The map is built after the page's first paint, often after the marker data.
   */
  onLayers?: (ready: boolean) => void;
  /** A large map's chunk failed to load. */
  onChunkError?: (error: unknown) => void;
}
