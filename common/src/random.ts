// The one seeded pseudo-random generator: the simulator, the demo data, the benchmarks and the
// test fixtures all draw from it, so a seed replays the same numbers wherever it is used.

/** Numbers in [0, 1), like Math.random. */
export type Random = () => number;

/** mulberry32: small, fast, good enough for behaviour; not for anything secret. */
export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
