import { IconCurrentLocation, IconRulerMeasure } from '@tabler/icons-react';
import {
  type GoToProblem,
  goToPixel,
  type MapTransform,
  type Point,
  shownCoordinates,
  shownDecimals,
  shownExtent,
} from '@waypoint/shared/map/coords';
import { useId, useRef, useState, useSyncExternalStore } from 'react';
import { coordsMessages } from '../../../i18n/messages/coords-messages.ts';
import classes from './coords.module.css';
import { formatLength, formatPoint, formatShown, type PointerStore, unitOf } from './readout.ts';

interface Props {
  transform: MapTransform | undefined;
  size: { width: number; height: number };
  pointer: PointerStore;
  measuring: boolean;
  points: readonly Point[];
  onMeasure: (on: boolean) => void;
  onAddAtCentre: () => void;
  onRemoveLast: () => void;
  /** "Go to" a map pixel (`shown`: the place as the player typed it, formatted). */
  onGoTo: (pixel: Point, shown: { x: string; y: string }) => void;
}

/**
 * The coordinates' controls in the map's lower right corner: the readout, "Go to" and the measure
 * tool's button, with the form or the measure panel above them.
 */
export function CoordsControls(props: Props) {
  const { transform, measuring } = props;
  const [goTo, setGoTo] = useState(false);
  const goToButton = useRef<HTMLButtonElement>(null);
  const measureButton = useRef<HTMLButtonElement>(null);
  const formId = useId();
  const closeGoTo = () => {
    setGoTo(false);
    goToButton.current?.focus();
  };
  return (
    <>
      {/* Where "Add point at map centre" puts a point. */}
      {measuring ? <div className={classes.crosshair} aria-hidden data-testid="measure-crosshair" /> : null}
      <div className={classes.coords} data-coords data-testid="coords" data-map-control>
        {goTo ? (
          <GoToForm
            id={formId}
            {...props}
            onClose={closeGoTo}
            onGoTo={(pixel, shown) => {
              props.onGoTo(pixel, shown);
              closeGoTo();
            }}
          />
        ) : null}
        {measuring ? (
          <MeasurePanel
            {...props}
            onCancel={() => {
              props.onMeasure(false);
              measureButton.current?.focus();
            }}
          />
        ) : null}
        <div className={classes.bar}>
          <Readout pointer={props.pointer} transform={transform} />
          <button
            ref={goToButton}
            type="button"
            className={classes.button}
            aria-label={coordsMessages.goTo}
            title={coordsMessages.goTo}
            aria-expanded={goTo}
            aria-controls={goTo ? formId : undefined}
            onClick={() => (goTo ? closeGoTo() : setGoTo(true))}
          >
            <IconCurrentLocation size={18} aria-hidden />
          </button>
          <button
            ref={measureButton}
            type="button"
            className={classes.button}
            aria-label={coordsMessages.measure}
            title={coordsMessages.measure}
            aria-pressed={measuring}
            onClick={() => props.onMeasure(!measuring)}
          >
            <IconRulerMeasure size={18} aria-hidden />
          </button>
        </div>
      </div>
    </>
  );
}

/** The pointer's place (or the map's centre) in the map's coordinates; only it renders as the pointer moves. */
function Readout({ pointer, transform }: { pointer: PointerStore; transform: MapTransform | undefined }) {
  const at = useSyncExternalStore(pointer.subscribe, pointer.get);
  if (!at) return null;
  const { x, y } = formatPoint(at.pixel, transform);
  const unit = unitOf(transform);
  return (
    <p className={classes.readout} data-testid="coords-readout" data-centre={at.centre || undefined}>
      {at.centre ? coordsMessages.centreAt(x, y, unit) : coordsMessages.pointerAt(x, y, unit)}
    </p>
  );
}

/** A coordinate as typed into the form: no grouping, the decimals shown. */
function typed(value: number, t: MapTransform | undefined): string {
  return String(Number(value.toFixed(shownDecimals(t))) || 0);
}

function GoToForm({
  id,
  transform,
  size,
  pointer,
  onGoTo,
  onClose,
}: Props & { id: string; onClose: () => void }) {
  // The form opens on where the map is now.
  const [start] = useState(() => {
    const at = pointer.get();
    return at ? shownCoordinates(transform, at.pixel) : undefined;
  });
  const [x, setX] = useState(start ? typed(start.x, transform) : '');
  const [y, setY] = useState(start ? typed(start.y, transform) : '');
  const [problem, setProblem] = useState<GoToProblem>();
  const xField = useRef<HTMLInputElement>(null);
  const yField = useRef<HTMLInputElement>(null);
  const errorId = `${id}-error`;
  const unit = unitOf(transform);

  let error = '';
  if (problem === 'x' || problem === 'y') error = coordsMessages.notANumber(coordsMessages[problem]);
  else if (problem === 'outside') {
    const e = shownExtent(transform, size);
    const f = (v: number) => formatShown(v, transform);
    error = coordsMessages.outsideMap(f(e.minX), f(e.maxX), f(e.minY), f(e.maxY));
  }

  return (
    <form
      id={id}
      className={classes.panel}
      aria-label={coordsMessages.goTo}
      data-testid="goto-form"
      noValidate
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.preventDefault();
        onClose();
      }}
      onSubmit={(e) => {
        e.preventDefault();
        const r = goToPixel(transform, size, x, y);
        if ('problem' in r) {
          setProblem(r.problem);
          (r.problem === 'y' ? yField : xField).current?.focus();
          return;
        }
        onGoTo(r.pixel, formatPoint(r.pixel, transform));
      }}
    >
      <p className={classes.title}>{coordsMessages.goToTitle}</p>
      <div className={classes.fields}>
        {(['x', 'y'] as const).map((field) => (
          <label key={field} className={classes.field}>
            <span>
              {coordsMessages[field]} ({unit})
            </span>
            <input
              ref={field === 'x' ? xField : yField}
              name={field}
              inputMode="decimal"
              autoComplete="off"
              // biome-ignore lint/a11y/noAutofocus: the form opens for typing into it
              autoFocus={field === 'x'}
              value={field === 'x' ? x : y}
              onChange={(e) => (field === 'x' ? setX : setY)(e.target.value)}
              aria-invalid={problem === field || problem === 'outside' || undefined}
              aria-describedby={problem ? errorId : undefined}
            />
          </label>
        ))}
        <button type="submit" className={classes.primary}>
          {coordsMessages.go}
        </button>
      </div>
      {error ? (
        <p id={errorId} className={classes.error} role="alert" data-testid="goto-error">
          {error}
        </p>
      ) : null}
    </form>
  );
}

function MeasurePanel({
  transform,
  points,
  onAddAtCentre,
  onRemoveLast,
  onCancel,
}: Props & { onCancel: () => void }) {
  return (
    <section className={classes.panel} aria-label={coordsMessages.measure} data-testid="measure-panel">
      <p className={classes.title}>{coordsMessages.measure}</p>
      <p className={classes.hint}>{coordsMessages.measureHint}</p>
      <p className={classes.length} data-testid="measure-length" data-points={points.length}>
        <strong>{coordsMessages.length(...formatLength(points, transform))}</strong>
        <span> · {coordsMessages.points(points.length)}</span>
      </p>
      <div className={classes.actions}>
        <button type="button" className={classes.primary} onClick={onAddAtCentre}>
          {coordsMessages.addPointAtCentre}
        </button>
        <button type="button" className={classes.secondary} onClick={onRemoveLast} disabled={!points.length}>
          {coordsMessages.removeLastPoint}
        </button>
        <button type="button" className={classes.secondary} onClick={onCancel}>
          {coordsMessages.cancelMeasuring}
        </button>
      </div>
    </section>
  );
}
