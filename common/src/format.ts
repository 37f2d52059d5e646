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
  if (s < 86400) {
    const h = Math.floor(minutes / 60);
    const m = minutes % 60;
    return m ? `${plural(h, 'hour')} ${plural(m, 'minute')}` : plural(h, 'hour');
  }
  const hoursTotal = Math.round(s / 3600);
  const d = Math.floor(hoursTotal / 24);
  const h = hoursTotal % 24;
  return h ? `${plural(d, 'day')} ${plural(h, 'hour')}` : plural(d, 'day');
}

/** Relative time: seconds, minutes, hours, days, months, years ago. */
export function formatRelative(from: Date | number, now: Date | number = Date.now()): string {
  const diff = Math.max(0, (Number(now) - Number(from)) / 1000);
  if (diff < 60) return `${plural(Math.round(diff), 'second')} ago`;
  if (diff < 3600) return `${plural(Math.round(diff / 60), 'minute')} ago`;
  if (diff < 86400) return `${plural(Math.round(diff / 3600), 'hour')} ago`;
  if (diff < 86400 * 30) return `${plural(Math.round(diff / 86400), 'day')} ago`;
  if (diff < 86400 * 365) return `${plural(Math.round(diff / (86400 * 30)), 'month')} ago`;
  return `${plural(Math.round(diff / (86400 * 365)), 'year')} ago`;
}

/** Lists at most 3 names, then '... and N more' (SPEC §9). */
export function summarizeNames(names: string[]): string {
  if (names.length <= AFFECTED_UNITS_SHOWN) return names.join(', ');
  return `${names.slice(0, AFFECTED_UNITS_SHOWN).join(', ')} ... and ${names.length - AFFECTED_UNITS_SHOWN} more`;
}

/** Rounds a time to the nearest 15 minutes (SPEC §9). */
export function roundToQuarterHour(date: Date): Date {
  const ms = 15 * 60 * 1000;
  return new Date(Math.round(date.getTime() / ms) * ms);
}
