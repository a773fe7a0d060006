/**
 * Texts of the map's coordinates: the pointer readout, "Go to" and the measure tool (coords.ts). They
 * load with the map route. Numbers come formatted in the interface language.
 */
export const coordsMessages = {
  /** The readout: where the pointer is, or the map's centre when the pointer is not over the map. */
  pointerAt: (x: string, y: string, unit: string) => `x ${x}, y ${y} ${unit}`,
  centreAt: (x: string, y: string, unit: string) => `Centre: x ${x}, y ${y} ${unit}`,
  coordinates: 'Coordinates',
  /** The unit of maps without game coordinates: the pixels of the map's picture. */
  mapPixels: 'px',
  /** The unit of game coordinates whose admin gave no unit name. */
  gameUnits: 'units',
  goTo: 'Go to coordinates',
  goToTitle: 'Go to',
  x: 'x',
  y: 'y',
  go: 'Go',
  close: 'Close',
  notANumber: (field: string) => `${field}: enter a number, like 1234.5`,
  outsideMap: (minX: string, maxX: string, minY: string, maxY: string) =>
    `That place is outside the map: x from ${minX} to ${maxX}, y from ${minY} to ${maxY}`,
  centredOn: (x: string, y: string) => `Map centred on x ${x}, y ${y}`,
  measure: 'Measure distance',
  measureHint: 'Click the map to add points; Escape cancels.',
  addPointAtCentre: 'Add point at map centre',
  removeLastPoint: 'Remove last point',
  length: (length: string, unit: string) => `Length: ${length} ${unit}`,
  points: (count: number) => `${count} ${count === 1 ? 'point' : 'points'}`,
  finishMeasuring: 'Done',
  cancelMeasuring: 'Cancel',
  measureCancelled: 'Measuring cancelled',
  pointAdded: (length: string, unit: string) => `Point added, length ${length} ${unit}`,
};
