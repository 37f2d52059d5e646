// Now and then a parked vehicle is towed: it moves with its ignition off, on the back of a truck.
// Its tracker reports the tow (Teltonika IO 246, GT06 alarm 0x09, OsmAnd alarm=tow), which the
// demo's towing rule turns into an alert and the recovery desk into a chase-up.
import { seededRandom, type Random } from '@fleet/common';
import { between } from './random';
import { offsetPoint, type Point } from './route';

/** About one tow per vehicle in ten days of parking, so a 40-vehicle demo sees a few a day. */
const TOW_PER_PARKED_STEP = 1 / (8640 * 10);

/** FNV-1a of a device id: the seed of a vehicle's tow stream. */
function hashId(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export class TowModel {
  /**
   * Draws for tows only: a stream of its own, so that adding tows left every other choice of a
   * vehicle's seed (its trips, speeding, stops) as it was.
   */
  private readonly rand: Random;
  private tow: { until: number; course: number; speed: number } | null = null;

  constructor(deviceId: string) {
    this.rand = seededRandom(hashId(deviceId) ^ 0x70e1);
  }

  get active(): boolean {
    return this.tow !== null;
  }

  /** Called once per step while parked: whether a tow starts now. */
  maybeStart(t: number): boolean {
    if (this.rand() >= TOW_PER_PARKED_STEP) return false;
    this.tow = {
      until: t + between(this.rand, 120, 300) * 1000,
      course: this.rand() * 360,
      speed: between(this.rand, 28, 36),
    };
    return true;
  }

  /** A tow the demo's incident plan starts now (sim/incidents.ts): draws nothing of its own. */
  startWith(t: number, tow: { durationMs: number; course: number; speed: number }): void {
    this.tow = { until: t + tow.durationMs, course: tow.course, speed: tow.speed };
  }

  /** One step on the truck (a straight line at a steady speed); null once it is unloaded. */
  advance(
    t: number,
    pos: Point,
    stepMs: number,
  ): { pos: Point; speed: number; course: number; metres: number } | null {
    const tow = this.tow!;
    if (t >= tow.until) {
      this.tow = null;
      return null;
    }
    const metres = (tow.speed * stepMs) / 3600;
    return {
      pos: offsetPoint(pos, metres, tow.course),
      speed: tow.speed,
      course: tow.course,
      metres,
    };
  }
}
