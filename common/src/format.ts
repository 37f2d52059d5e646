// Wording of distances, durations and relative times (SPEC §9).
import { AFFECTED_UNITS_SHOWN, DISTANCE_DECIMALS } from './constants';

export function formatKm(km: number): string {
  return `${km.toFixed(DISTANCE_DECIMALS)} km`;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/**
 * Duration wording that rounds at 30 seconds / 30 minutes: under a minute in seconds, under an
 * hour in minutes (30 s rounds up), under a day in hours and minutes, else days and hours.
 */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  if (s < 60) return plural(s, 'second');
  const minutes = Math.round(s / 60);
  if (minutes < 60) return plural(minutes, 'minute');
  // Compared after rounding, like the minutes above: 23 h 59 min 30 s rounds to a day (SPEC §9).
  if (minutes < 24 * 60) {
    const h = Math.floor(minutes / 60);
    const m = minutes % 60;
    return m ? `${plural(h, 'hour')} ${plural(m, 'minute')}` : plural(h, 'hour');
  }
  const hoursTotal = Math.round(s / 3600);
  const d = Math.floor(hoursTotal / 24);
  const h = hoursTotal % 24;
  return h ? `${plural(d, 'day')} ${plural(h, 'hour')}` : plural(d, 'day');
}

const DAY_SECONDS = 86400;
// The units of relative time below a year, with their length in seconds and how many of each make
// the next unit.
const RELATIVE_UNITS: [word: string, seconds: number, perNext: number][] = [
  ['second', 1, 60],
  ['minute', 60, 60],
  ['hour', 3600, 24],
  ['day', DAY_SECONDS, 30],
  ['month', DAY_SECONDS * 30, 12],
];

/**
 * Relative time: seconds, minutes, hours, days, months, years ago (SPEC §9). Elapsed time, so a
 * day the clocks change is 23 or 25 hours. The unit is chosen after rounding, so 59.5 seconds is
 * '1 minute ago', never '60 seconds ago'.
 */
export function formatRelative(from: Date | number, now: Date | number): string {
  const diff = Math.max(0, (Number(now) - Number(from)) / 1000);
  for (const [word, seconds, perNext] of RELATIVE_UNITS) {
    const count = Math.round(diff / seconds);
    if (count < perNext) return `${plural(count, word)} ago`;
  }
  return `${plural(Math.round(diff / (DAY_SECONDS * 365)), 'year')} ago`;
}

/** Lists at most 3 names, then '... and N more' (SPEC §9). */
export function summarizeNames(names: string[]): string {
  if (names.length <= AFFECTED_UNITS_SHOWN) return names.join(', ');
  return `${names.slice(0, AFFECTED_UNITS_SHOWN).join(', ')} ... and ${names.length - AFFECTED_UNITS_SHOWN} more`;
}

/**
 * Rounds a time to the nearest 15 minutes (SPEC §9), half way rounding up. Every zone's offset today
 * is a whole number of quarter hours (Kolkata +05:30, Kathmandu +05:45, Eucla +08:45), so a quarter
 * hour of UTC is one of every user's wall clock too and no zone is needed.
 */
export function roundToQuarterHour(date: Date): Date {
  const ms = 15 * 60 * 1000;
  return new Date(Math.round(date.getTime() / ms) * ms);
}
