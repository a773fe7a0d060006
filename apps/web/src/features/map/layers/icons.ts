import { iconSize } from '@waypoint/shared/map/definitions';
import type { MapMarkerDefinition } from '@waypoint/shared/map/marker-data';
import { config } from '../../../app/config.ts';

/** A definition's icon, drawn once at the screen's pixel density and copied for every marker. */
export interface Sprite {
  image: CanvasImageSource;
  width: number;
  height: number;
  /** The point of the icon that sits on the marker position. */
  anchorX: number;
  anchorY: number;
}

const fallbackWrapper = '#334155';
const fallbackInner = '#f8fafc';

function canvas(width: number, height: number, dpr: number) {
  const c = document.createElement('canvas');
  c.width = Math.ceil(width * dpr);
  c.height = Math.ceil(height * dpr);
  const ctx = c.getContext('2d')!;
  ctx.scale(dpr, dpr);
  return { c, ctx };
}

/** A map pin of the given size: wrapper colour outside, inner colour in the middle. */
function drawPin(definition: MapMarkerDefinition, width: number, height: number, dpr: number): Sprite {
  const { c, ctx } = canvas(width, height, dpr);
  const wrapper = definition.wrapperColor || fallbackWrapper;
  const inner = definition.innerColor || fallbackInner;
  const r = width / 2 - 1.5;
  const cx = width / 2;
  const cy = r + 1.5;
  ctx.beginPath();
  ctx.moveTo(cx, height - 1);
  ctx.bezierCurveTo(cx - r * 0.35, height - r * 0.9, cx - r, cy + r * 0.75, cx - r, cy);
  ctx.arc(cx, cy, r, Math.PI, 0);
  ctx.bezierCurveTo(cx + r, cy + r * 0.75, cx + r * 0.35, height - r * 0.9, cx, height - 1);
  ctx.closePath();
  ctx.fillStyle = wrapper;
  ctx.fill();
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = 'rgba(255,255,255,0.9)';
  ctx.stroke();
  ctx.fillStyle = inner;
  ctx.beginPath();
  if (definition.backgroundShape === 'CIRCLE') ctx.arc(cx, cy, r * 0.48, 0, Math.PI * 2);
  else {
    const d = r * 0.45;
    ctx.moveTo(cx, cy - d);
    ctx.lineTo(cx + d, cy);
    ctx.lineTo(cx, cy + d);
    ctx.lineTo(cx - d, cy);
    ctx.closePath();
  }
  ctx.fill();
  return { image: c, width, height, anchorX: width / 2, anchorY: height };
}

/** Shown for an image icon until it loads, or for good when it cannot. */
function drawBadge(definition: MapMarkerDefinition, width: number, height: number, dpr: number): Sprite {
  const { c, ctx } = canvas(width, height, dpr);
  const r = Math.min(width, height) / 2 - 1.5;
  ctx.beginPath();
  ctx.arc(width / 2, height / 2, r, 0, Math.PI * 2);
  ctx.fillStyle = definition.wrapperColor || fallbackWrapper;
  ctx.fill();
  ctx.lineWidth = 2;
  ctx.strokeStyle = '#ffffff';
  ctx.stroke();
  ctx.fillStyle = definition.innerColor || fallbackInner;
  ctx.font = `700 ${Math.round(r)}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText((definition.name.trim()[0] ?? '?').toUpperCase(), width / 2, height / 2 + 1);
  return { image: c, width, height, anchorX: width / 2, anchorY: height / 2 };
}

/** Address of a definition's icon image. */
export function definitionImageUrl(definition: MapMarkerDefinition): string | undefined {
  if (!definition.image) return undefined;
  const v = definition.image.version ? `?v=${encodeURIComponent(definition.image.version)}` : '';
  return `${config.imageHost}/uploads/markerdefinition/${encodeURIComponent(definition._id)}/image/${encodeURIComponent(definition.image.fileName)}${v}`;
}

/**
 * A definition's icon as drawn on the map, without waiting for an image: the pin of an SVG
 * definition, or the badge an image icon shows until (or instead of) its picture.
 */
export function drawDefinitionIcon(definition: MapMarkerDefinition, dpr: number): Sprite {
  const [width, height] = iconSize(definition);
  return definition.markerDefinitionType === 'IMAGE'
    ? drawBadge(definition, width, height, dpr)
    : drawPin(definition, width, height, dpr);
}

/** The sprites of a map's definitions; image icons arrive later and call `onChange`. */
export class SpriteCache {
  private sprites = new Map<number, Sprite>();
  private readonly dpr = Math.min(3, Math.max(1, window.devicePixelRatio || 1));

  constructor(
    private readonly definitions: MapMarkerDefinition[],
    private readonly onChange: () => void,
  ) {}

  private colour: (c: string) => string = (c) => c;
  recoloured = false;

  /**
   * Draws the icons again with their colours passed through `colour` (the colour-blind-safe palette),
   * or with their own colours again without it.
   */
  recolour(colour?: (c: string) => string) {
    this.colour = colour ?? ((c) => c);
    this.recoloured = Boolean(colour);
    this.sprites.clear();
    this.onChange();
  }

  get(index: number): Sprite {
    let sprite = this.sprites.get(index);
    if (!sprite) {
      sprite = this.create(index);
      this.sprites.set(index, sprite);
    }
    return sprite;
  }

  private create(index: number): Sprite {
    const own = this.definitions[index];
    const definition =
      own.wrapperColor || own.innerColor
        ? { ...own, wrapperColor: this.colour(own.wrapperColor), innerColor: this.colour(own.innerColor) }
        : own;
    const [width, height] = iconSize(definition);
    const badge = drawDefinitionIcon(definition, this.dpr);
    if (definition.markerDefinitionType !== 'IMAGE') return badge;
    const url = definitionImageUrl(definition);
    if (url) {
      const img = new Image();
      img.decoding = 'async';
      img.onload = () => {
        const { c, ctx } = canvas(width, height, this.dpr);
        ctx.drawImage(img, 0, 0, width, height);
        this.sprites.set(index, { image: c, width, height, anchorX: width / 2, anchorY: height / 2 });
        this.onChange();
      };
      img.src = url;
    }
    return badge;
  }
}
