import type { Map as MapLibreMap } from 'maplibre-gl';
import { OFFLINE_COLOUR } from '../colours';
import {
  parseHeadingPointerName,
  parseUnitSpriteName,
  SPRITES,
  TRIP_EVENT_SIGNS,
  type RealtimeIconStyle,
  type TripEventSign,
  type UnitSpriteSpec,
} from './spriteNames';
import { drawVehiclePictogram } from './vehiclePictograms';

// Sprites are drawn on demand: a symbol layer names the image it wants in `icon-image`; when the map
// lacks it, MapLibre fires `styleimagemissing` and we draw it into a canvas once. Only the
// (class × colour × state) combinations a fleet really has are ever drawn, and no DOM markers exist.

// Sprites are drawn at the screen's density (1 or 2; 3× screens get 2×, which still looks sharp at
// these sizes): a 1× screen gains nothing from 2× sprites but pays four times the pixels to draw,
// read back and upload to the GPU.
const PIXEL_RATIO =
  typeof window === 'undefined'
    ? 2
    : Math.min(2, Math.max(1, Math.round(window.devicePixelRatio || 1)));

/** Badge diameter in CSS pixels per realtime icon style (0 is the heading arrow). */
export const ICON_STYLE_SIZE: Record<RealtimeIconStyle, number> = {
  0: 24,
  1: 14,
  2: 28,
  3: 28,
  4: 38,
};

const OUTLINE = 'rgba(0,0,0,0.45)';
const PARK_SIGN = '#1a3a8f';

export interface DrawnSprite {
  image: ImageData;
  pixelRatio: number;
}

// One scratch canvas, kept on the CPU (willReadFrequently) since every sprite is read back.
let scratch: CanvasRenderingContext2D | null | undefined;

function canvasOf(cssWidth: number, cssHeight: number): CanvasRenderingContext2D | null {
  if (scratch === undefined) {
    scratch =
      typeof document === 'undefined'
        ? null
        : document.createElement('canvas').getContext('2d', { willReadFrequently: true });
  }
  const ctx = scratch;
  if (!ctx) return null;
  // Resizing resets the context state and clears the pixels.
  ctx.canvas.width = Math.ceil(cssWidth * PIXEL_RATIO);
  ctx.canvas.height = Math.ceil(cssHeight * PIXEL_RATIO);
  ctx.scale(PIXEL_RATIO, PIXEL_RATIO);
  return ctx;
}

function finish(ctx: CanvasRenderingContext2D): DrawnSprite {
  const { width, height } = ctx.canvas;
  return { image: ctx.getImageData(0, 0, width, height), pixelRatio: PIXEL_RATIO };
}

function circle(ctx: CanvasRenderingContext2D, x: number, y: number, r: number): void {
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
}

function letter(
  ctx: CanvasRenderingContext2D,
  text: string,
  x: number,
  y: number,
  px: number,
  colour: string,
): void {
  ctx.fillStyle = colour;
  ctx.font = `bold ${px}px sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, x, y + px * 0.06);
}

function drawArrowShape(
  ctx: CanvasRenderingContext2D,
  c: number,
  size: number,
  fill: string,
): void {
  const h = size;
  const w = size * 0.78;
  const top = c - h / 2;
  ctx.beginPath();
  ctx.moveTo(c, top);
  ctx.lineTo(c + w / 2, top + h);
  ctx.lineTo(c, top + h * 0.74);
  ctx.lineTo(c - w / 2, top + h);
  ctx.closePath();
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.lineJoin = 'round';
  ctx.lineWidth = 3.2;
  ctx.strokeStyle = OUTLINE;
  ctx.stroke();
  ctx.lineWidth = 1.8;
  ctx.strokeStyle = '#ffffff';
  ctx.stroke();
  ctx.fillStyle = fill;
  ctx.fill();
}

function drawParkedDisc(ctx: CanvasRenderingContext2D, c: number, r: number, fill: string): void {
  circle(ctx, c, c, r + 1.2);
  ctx.fillStyle = OUTLINE;
  ctx.fill();
  circle(ctx, c, c, r);
  ctx.fillStyle = '#ffffff';
  ctx.fill();
  circle(ctx, c, c, r - 1.5);
  ctx.fillStyle = fill;
  ctx.fill();
  letter(ctx, 'P', c, c, r * 1.25, '#ffffff');
}

function drawHollow(ctx: CanvasRenderingContext2D, c: number, r: number): void {
  circle(ctx, c, c, r);
  ctx.fillStyle = 'rgba(255,255,255,0.85)';
  ctx.fill();
  ctx.lineWidth = Math.max(1.5, r * 0.22);
  ctx.strokeStyle = `#${OFFLINE_COLOUR}`;
  ctx.setLineDash([r * 0.5, r * 0.3]);
  ctx.stroke();
  ctx.setLineDash([]);
}

/** Draws one unit icon; null when no canvas is available (tests without a browser). */
export function drawUnitSprite(spec: UnitSpriteSpec): DrawnSprite | null {
  const size = ICON_STYLE_SIZE[spec.style];
  const margin = 3;
  const full = size + margin * 2;
  const ctx = canvasOf(full, full);
  if (!ctx) return null;
  const c = full / 2;
  const r = size / 2 - 1;
  const fill = `#${spec.colour === 'grey' ? OFFLINE_COLOUR : spec.colour}`;

  if (spec.state === 'offline') {
    drawHollow(ctx, c, spec.style === 0 ? r * 0.75 : r);
    if (spec.style >= 2) {
      drawVehiclePictogram(
        ctx,
        spec.vehicleClass,
        c,
        c,
        size * 0.66,
        `#${OFFLINE_COLOUR}`,
        '#ffffff',
      );
    }
    return finish(ctx);
  }

  if (spec.style === 0) {
    if (spec.state === 'moving') drawArrowShape(ctx, c, size, fill);
    else drawParkedDisc(ctx, c, r * 0.75, fill);
    return finish(ctx);
  }

  if (spec.style === 1) {
    if (spec.state === 'parked') drawParkedDisc(ctx, c, r, fill);
    else {
      circle(ctx, c, c, r + 1);
      ctx.fillStyle = OUTLINE;
      ctx.fill();
      circle(ctx, c, c, r);
      ctx.fillStyle = '#ffffff';
      ctx.fill();
      circle(ctx, c, c, r - 1.5);
      ctx.fillStyle = fill;
      ctx.fill();
    }
    return finish(ctx);
  }

  circle(ctx, c, c, r + 1);
  ctx.fillStyle = OUTLINE;
  ctx.fill();
  circle(ctx, c, c, r);
  ctx.fillStyle = '#ffffff';
  ctx.fill();
  circle(ctx, c, c, r - 2);
  ctx.fillStyle = fill;
  ctx.fill();
  drawVehiclePictogram(ctx, spec.vehicleClass, c, c, size * 0.66, '#ffffff', fill);

  if (spec.state === 'parked') {
    const s = size * 0.44;
    const x = full - s - 0.5;
    const y = full - s - 0.5;
    ctx.beginPath();
    ctx.roundRect(x, y, s, s, s * 0.22);
    ctx.fillStyle = PARK_SIGN;
    ctx.fill();
    ctx.lineWidth = 1.2;
    ctx.strokeStyle = '#ffffff';
    ctx.stroke();
    letter(ctx, 'P', x + s / 2, y + s / 2, s * 0.8, '#ffffff');
  }
  return finish(ctx);
}

/** Pointer drawn above a badge; rotating the image about its centre makes it orbit the badge. */
export function drawHeadingPointer(style: RealtimeIconStyle, colour: string): DrawnSprite | null {
  const size = ICON_STYLE_SIZE[style];
  const ph = Math.max(5, size * 0.32);
  const full = size + 2 * (ph + 2);
  const ctx = canvasOf(full, full);
  if (!ctx) return null;
  const c = full / 2;
  const base = c - size / 2 + 0.5;
  const apex = base - ph;
  const half = ph * 0.85;
  ctx.beginPath();
  ctx.moveTo(c, apex);
  ctx.lineTo(c + half, base + 1);
  ctx.lineTo(c - half, base + 1);
  ctx.closePath();
  ctx.lineJoin = 'round';
  ctx.lineWidth = 2.4;
  ctx.strokeStyle = OUTLINE;
  ctx.stroke();
  ctx.lineWidth = 1.2;
  ctx.strokeStyle = '#ffffff';
  ctx.stroke();
  ctx.fillStyle = `#${colour}`;
  ctx.fill();
  return finish(ctx);
}

function drawTripArrow(): DrawnSprite | null {
  const ctx = canvasOf(20, 20);
  if (!ctx) return null;
  ctx.beginPath();
  ctx.moveTo(4, 3.5);
  ctx.lineTo(17, 10);
  ctx.lineTo(4, 16.5);
  ctx.lineTo(7.5, 10);
  ctx.closePath();
  ctx.lineJoin = 'round';
  ctx.lineWidth = 2.6;
  ctx.strokeStyle = 'rgba(0,0,0,0.75)';
  ctx.stroke();
  ctx.fillStyle = '#ffffff';
  ctx.fill();
  return finish(ctx);
}

function drawLetterDisc(text: string, fill: string, size: number): DrawnSprite | null {
  const full = size + 2;
  const ctx = canvasOf(full, full);
  if (!ctx) return null;
  const c = full / 2;
  circle(ctx, c, c, size / 2);
  ctx.fillStyle = '#ffffff';
  ctx.fill();
  circle(ctx, c, c, size / 2 - 1.6);
  ctx.fillStyle = fill;
  ctx.fill();
  letter(ctx, text, c, c, size * 0.55, '#ffffff');
  return finish(ctx);
}

function drawStopSign(): DrawnSprite | null {
  const ctx = canvasOf(20, 20);
  if (!ctx) return null;
  ctx.beginPath();
  ctx.roundRect(1, 1, 18, 18, 4);
  ctx.fillStyle = '#ffffff';
  ctx.fill();
  ctx.beginPath();
  ctx.roundRect(2.5, 2.5, 15, 15, 3);
  ctx.fillStyle = PARK_SIGN;
  ctx.fill();
  letter(ctx, 'P', 10, 10, 12, '#ffffff');
  return finish(ctx);
}

function drawReplayMarker(): DrawnSprite | null {
  const ctx = canvasOf(34, 34);
  if (!ctx) return null;
  drawArrowShape(ctx, 17, 28, '#0d47a1');
  return finish(ctx);
}

function drawTownDot(capital: boolean): DrawnSprite | null {
  const ctx = canvasOf(10, 10);
  if (!ctx) return null;
  if (capital) {
    circle(ctx, 5, 5, 4.2);
    ctx.fillStyle = '#ffffff';
    ctx.fill();
    ctx.lineWidth = 1.4;
    ctx.strokeStyle = '#4a4a4a';
    ctx.stroke();
    circle(ctx, 5, 5, 1.8);
    ctx.fillStyle = '#4a4a4a';
    ctx.fill();
  } else {
    circle(ctx, 5, 5, 3);
    ctx.fillStyle = '#ffffff';
    ctx.fill();
    ctx.lineWidth = 1.3;
    ctx.strokeStyle = '#5a5a5a';
    ctx.stroke();
  }
  return finish(ctx);
}

/**
 * A cluster bubble: a filled disc with a white ring, its count drawn over it by the layer's text.
 * Drawn as an image so that bubbles, counts and units share one symbol layer.
 */
function drawClusterBubble(radius: number, fill: string): DrawnSprite | null {
  const size = radius * 2 + 2;
  const ctx = canvasOf(size, size);
  if (!ctx) return null;
  circle(ctx, size / 2, size / 2, radius);
  ctx.fillStyle = '#ffffff';
  ctx.fill();
  circle(ctx, size / 2, size / 2, radius - 2);
  ctx.globalAlpha = 0.92;
  ctx.fillStyle = fill;
  ctx.fill();
  return finish(ctx);
}

/** Draws any image the map layers of this library name; null for names it does not know. */
export function drawSpriteByName(name: string): DrawnSprite | null {
  const unit = parseUnitSpriteName(name);
  if (unit) return drawUnitSprite(unit);
  const pointer = parseHeadingPointerName(name);
  if (pointer) return drawHeadingPointer(pointer.style, pointer.colour);
  if (name.startsWith('trip-event-')) {
    const sign = TRIP_EVENT_SIGNS[name.slice('trip-event-'.length) as TripEventSign];
    return sign ? drawLetterDisc(sign.letter, sign.colour, 18) : null;
  }
  switch (name) {
    case SPRITES.tripArrow:
      return drawTripArrow();
    case SPRITES.tripStart:
      return drawLetterDisc('S', '#2e7d32', 20);
    case SPRITES.tripEnd:
      return drawLetterDisc('E', '#c62828', 20);
    case SPRITES.tripStop:
      return drawStopSign();
    case SPRITES.townDot:
      return drawTownDot(false);
    case SPRITES.capitalDot:
      return drawTownDot(true);
    case SPRITES.replayMarker:
      return drawReplayMarker();
    case SPRITES.clusterSmall:
      return drawClusterBubble(15, '#2f6fb8');
    case SPRITES.clusterMedium:
      return drawClusterBubble(19, '#b35c00');
    case SPRITES.clusterLarge:
      return drawClusterBubble(24, '#c0392b');
    default:
      return null;
  }
}

/** Adds the named image to the map if this library can draw it; true when the map has it after. */
export function ensureSprite(map: MapLibreMap, name: string): boolean {
  if (map.hasImage(name)) return true;
  const drawn = drawSpriteByName(name);
  if (!drawn) return false;
  map.addImage(name, drawn.image, { pixelRatio: drawn.pixelRatio });
  return true;
}

/** Draws sprites as layers ask for them; returns the function that stops doing so. */
export function installSpriteFactory(map: MapLibreMap): () => void {
  const onMissing = (event: { id: string }) => {
    ensureSprite(map, event.id);
  };
  map.on('styleimagemissing', onMissing);
  return () => {
    map.off('styleimagemissing', onMissing);
  };
}
