// Speed histogram of a trip (SPEC §3: keys `low`, `high`, or a number followed by s).
//
// With SPEED_HISTOGRAM_BANDS = [60, 80, 100, 120, 140] the keys are:
//   low  below 60 km/h
//   60s  60 to under 80, 80s 80 to under 100, 100s 100 to under 120, 120s 120 to under 140
//   high 140 km/h and above (the last band's threshold opens `high`)
// Values are whole seconds spent in the band. Internally a trip keeps one number per key, in
// this order, so copying a running trip is an array slice.
import { SPEED_HISTOGRAM_BANDS } from '@fleet/common';

export const HISTOGRAM_KEYS: string[] = [
  'low',
  ...SPEED_HISTOGRAM_BANDS.slice(0, -1).map((band) => `${band}s`),
  'high',
];

export function emptyHistogram(): number[] {
  return new Array(HISTOGRAM_KEYS.length).fill(0);
}

/** Index into HISTOGRAM_KEYS for a speed in km/h. */
export function histogramSlot(speedKmh: number): number {
  const bands = SPEED_HISTOGRAM_BANDS;
  for (let i = bands.length - 1; i >= 0; i--) {
    if (speedKmh >= bands[i]) return i + 1;
  }
  return 0;
}

/** The stored form: every key present, whole seconds. */
export function histogramObject(slots: readonly number[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (let i = 0; i < HISTOGRAM_KEYS.length; i++)
    out[HISTOGRAM_KEYS[i]] = Math.round(slots[i] ?? 0);
  return out;
}

/** `"low":` ... `"high":`, the stored form's keys ready to be followed by a value. */
const JSON_KEYS = HISTOGRAM_KEYS.map((k, i) => `${i ? ',' : '{'}${JSON.stringify(k)}:`);

/**
 * JSON.stringify(histogramObject(slots)), written directly: the open trip of every moving unit is
 * stored again with each batch, and the intermediate object costs more than the text.
 */
export function histogramJson(slots: readonly number[]): string {
  let out = '';
  for (let i = 0; i < JSON_KEYS.length; i++) {
    const v = Math.round(slots[i] ?? 0);
    out += JSON_KEYS[i] + (Number.isFinite(v) ? v : 'null');
  }
  return out + '}';
}
