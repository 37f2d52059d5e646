// Helpers over the seeded generator of @fleet/common, so a simulation replays identically for a
// seed (tests, reproducible demos).
import type { Random } from '@fleet/common';

/** A 32-bit seed from a base seed and a label (FNV-1a). */
export function seedFor(base: number, label: string): number {
  let h = (0x811c9dc5 ^ base) >>> 0;
  for (let i = 0; i < label.length; i++) {
    h ^= label.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

export const between = (rand: Random, min: number, max: number): number =>
  min + rand() * (max - min);

export const pick = <T>(rand: Random, items: readonly T[]): T =>
  items[Math.floor(rand() * items.length)];
