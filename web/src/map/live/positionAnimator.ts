import { haversineMeters } from '@fleet/common';

export type LonLat = [number, number];

export interface PositionAnimatorOptions {
  /** How long a unit glides from its old to its new position (default 1000 ms). */
  durationMs?: number;
  /** Farther moves than this jump instead of gliding across the map (default 50 km). */
  maxGlideMeters?: number;
}

interface Glide {
  from: LonLat;
  to: LonLat;
  start: number;
}

/**
 * Smooths live moves: when a unit's reported position changes, it is drawn gliding from where it
 * was shown to the new fix over about a second. Linear, so a unit reporting every second moves at
 * an even pace instead of stopping at each fix. Time is passed in, so tests need no clock.
 */
export class PositionAnimator {
  private readonly duration: number;
  private readonly maxGlide: number;
  private readonly targets = new Map<number, LonLat>();
  private readonly glides = new Map<number, Glide>();

  constructor(options: PositionAnimatorOptions = {}) {
    this.duration = options.durationMs ?? 1000;
    this.maxGlide = options.maxGlideMeters ?? 50000;
  }

  /** Records the latest fixes; a changed fix starts a glide from where the unit is drawn now. */
  update(fixes: Iterable<{ uid: number; lon: number; lat: number }>, now: number): void {
    for (const { uid, lon, lat } of fixes) {
      const target: LonLat = [lon, lat];
      const previous = this.targets.get(uid);
      this.targets.set(uid, target);
      if (!previous || (previous[0] === lon && previous[1] === lat)) continue;
      const from = this.positionAt(uid, now) ?? previous;
      if (haversineMeters(from[1], from[0], lat, lon) > this.maxGlide) {
        this.glides.delete(uid);
        continue;
      }
      this.glides.set(uid, { from, to: target, start: now });
    }
  }

  /** Where to draw a gliding unit at `now`; undefined when it is not gliding (draw its fix). */
  positionAt(uid: number, now: number): LonLat | undefined {
    const glide = this.glides.get(uid);
    if (!glide) return undefined;
    const t = (now - glide.start) / this.duration;
    if (t >= 1) {
      this.glides.delete(uid);
      return undefined;
    }
    const f = Math.max(0, t);
    return [
      glide.from[0] + (glide.to[0] - glide.from[0]) * f,
      glide.from[1] + (glide.to[1] - glide.from[1]) * f,
    ];
  }

  /** True while any unit is still gliding at `now`. */
  isAnimating(now: number): boolean {
    for (const [uid, glide] of this.glides) {
      if (now - glide.start >= this.duration) this.glides.delete(uid);
    }
    return this.glides.size > 0;
  }

  /** Forgets units no longer shown, so they jump rather than glide if they come back. */
  retain(uids: Set<number>): void {
    for (const uid of this.targets.keys()) {
      if (!uids.has(uid)) {
        this.targets.delete(uid);
        this.glides.delete(uid);
      }
    }
  }
}
