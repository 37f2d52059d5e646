import { zoneOffsetMinutes } from '@fleet/common';

export { zoneOffsetMinutes };

const MINUTE = 60_000;
const DAY = 86_400_000;

/** The first instant (midnight) of the day containing `at`, in the given time zone, as epoch ms. */
export function startOfDay(timeZone: string, at: number): number {
  const offsetAt = zoneOffsetMinutes(timeZone, at);
  const wall = at + offsetAt * MINUTE;
  const midnight = wall - (((wall % DAY) + DAY) % DAY);
  // Days are the user's (ARCHITECTURE §4), and on a day the clocks change midnight had another
  // offset than `at` has: read midnight with the offset of the day before and with the one at `at`.
  // The earlier reading that shows midnight starts the day (a zone that repeats midnight has two);
  // if neither does, the zone skips midnight and the day starts when its clocks jump.
  const before = zoneOffsetMinutes(timeZone, midnight - offsetAt * MINUTE - DAY);
  const readings = [before, offsetAt].map((offset) => midnight - offset * MINUTE);
  const shown = readings.filter((t) => t + zoneOffsetMinutes(timeZone, t) * MINUTE === midnight);
  return shown.length ? Math.min(...shown) : midnight - before * MINUTE;
}

/** Midnight at the start of a calendar day ('YYYY-MM-DD') in the given zone, as epoch ms. */
export function dayStartIn(timeZone: string, day: string): number {
  const noonUtc = Date.parse(`${day}T12:00:00Z`);
  // Local noon of that day: a moment inside it in every zone (UTC-12 to UTC+14).
  const localNoon = noonUtc - zoneOffsetMinutes(timeZone, noonUtc) * MINUTE;
  return startOfDay(timeZone, localNoon);
}

/** The calendar day ('YYYY-MM-DD') of an instant in the given zone. */
export function dayOf(timeZone: string, at: number): string {
  return new Date(at + zoneOffsetMinutes(timeZone, at) * MINUTE).toISOString().slice(0, 10);
}
