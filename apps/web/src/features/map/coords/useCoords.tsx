import { mapTransformOf, type Point } from '@waypoint/shared/map/coords';
import { latLngToPixel, mapPictureSize } from '@waypoint/shared/map/pixels';
import type { TMap } from '@waypoint/shared/models/types';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { coordsMessages } from '../../../i18n/messages/coords-messages.ts';
import type { MapController, MapPointerTools } from '../map-controller.ts';
import { CoordsControls } from './CoordsControls.tsx';
import type { CoordsLayerInput } from './coords-layer.ts';
import { createPointerStore, formatLength } from './readout.ts';

interface Options {
  map: TMap;
  controller: React.RefObject<MapController | null>;
  announce: (text: string) => void;
  /** The page's pointer tools, used while not measuring. */
  tools: MapPointerTools | undefined;
}

/**
 * The map's coordinates: the pointer readout, "Go to" and the measure tool. Answers what the map
 * draws (`input`), the pointer tools while measuring (every click adds a point, markers included)
 * and the controls drawn over the map.
 */
export function useCoords({ map, controller, announce, tools }: Options) {
  const transform = useMemo(() => mapTransformOf(map), [map]);
  const size = useMemo(() => mapPictureSize(map), [map]);
  const maxZoom = map.maxZoom ?? 0;
  const [pointer] = useState(createPointerStore);
  const [measuring, setMeasuring] = useState(false);
  const [points, setPoints] = useState<readonly Point[]>([]);
  const [target, setTarget] = useState<Point>();
  // Clicks come faster than renders: each point adds to the line as it is now.
  const line = useRef(points);
  line.current = points;
  const setLine = useCallback((next: readonly Point[]) => {
    line.current = next;
    setPoints(next);
  }, []);

  const addPoint = useCallback(
    (p: Point) => {
      const next = [...line.current, p];
      setLine(next);
      announce(coordsMessages.pointAdded(...formatLength(next, transform)));
    },
    [announce, transform, setLine],
  );
  const stopMeasuring = useCallback(() => {
    setMeasuring(false);
    setLine([]);
  }, [setLine]);

  // Escape cancels wherever the focus is, unless a field outside the tool uses the key.
  useEffect(() => {
    if (!measuring) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      const t = e.target as HTMLElement | null;
      if (t?.closest('input, textarea, select') && !t.closest('[data-coords]')) return;
      e.preventDefault();
      stopMeasuring();
      announce(coordsMessages.measureCancelled);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [measuring, stopMeasuring, announce]);

  const input = useMemo(
    (): CoordsLayerInput => ({ points, target, maxZoom, onPointer: pointer.set }),
    [points, target, maxZoom, pointer],
  );

  const measureTools = useMemo(
    (): MapPointerTools | undefined =>
      measuring
        ? {
            dragging: false,
            placing: true,
            extras: tools?.extras ?? [],
            onMapClick: (lat, lng) => addPoint(latLngToPixel(lat, lng, maxZoom)),
          }
        : undefined,
    [measuring, tools?.extras, addPoint, maxZoom],
  );

  const controls = (
    <CoordsControls
      transform={transform}
      size={size}
      pointer={pointer}
      measuring={measuring}
      points={points}
      onMeasure={(on) => (on ? setMeasuring(true) : stopMeasuring())}
      onAddAtCentre={() => {
        const c = controller.current?.viewCentre();
        if (c) addPoint(c);
      }}
      onRemoveLast={() => setLine(line.current.slice(0, -1))}
      onGoTo={(pixel, shown) => {
        controller.current?.centreOn(pixel);
        setTarget(pixel);
        announce(coordsMessages.centredOn(shown.x, shown.y));
      }}
    />
  );

  return { input, tools: measureTools ?? tools, controls };
}
