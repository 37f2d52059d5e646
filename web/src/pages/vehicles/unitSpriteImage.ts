// The live map's own unit sprites (map/sprites/unitSprites.ts) as images for a page: the icon a
// vehicle gets on the map, drawn by the same code, so what the user picks is what the map shows.
import type { VehicleClass } from '@fleet/common';
import { normaliseColour } from '../../map/colours';
import { drawUnitSprite, ICON_STYLE_SIZE } from '../../map/sprites/unitSprites';
import { unitSpriteName, type UnitIconState } from '../../map/sprites/spriteNames';

/** The pickers show the map's large vehicle badges (Icon Style 4). */
export const PICKER_ICON_STYLE = 4;

export interface SpriteImage {
  src: string;
  /** CSS pixels */
  size: number;
}

const cache = new Map<string, SpriteImage | null>();

/** A data URL of the sprite; null where no canvas can draw (tests without a browser). */
export function unitSpriteImage(
  vehicleClass: VehicleClass | 'default',
  colour: string,
  state: UnitIconState = 'parked',
): SpriteImage | null {
  const spec = {
    style: PICKER_ICON_STYLE,
    vehicleClass,
    colour: normaliseColour(colour),
    state,
  } as const;
  const name = unitSpriteName(spec);
  if (cache.has(name)) return cache.get(name) ?? null;
  let image: SpriteImage | null = null;
  const drawn = drawUnitSprite(spec);
  const canvas = drawn && document.createElement('canvas');
  const ctx = canvas?.getContext('2d');
  if (drawn && canvas && ctx) {
    canvas.width = drawn.image.width;
    canvas.height = drawn.image.height;
    ctx.putImageData(drawn.image, 0, 0);
    image = { src: canvas.toDataURL(), size: drawn.image.width / drawn.pixelRatio };
  }
  cache.set(name, image);
  return image;
}

/** The badge size the pickers leave room for, drawn or not. */
export const PICKER_ICON_SIZE = ICON_STYLE_SIZE[PICKER_ICON_STYLE] + 6;
