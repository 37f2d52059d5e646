// dayjs set up once: Monday-first weeks (SPEC §9) for every calendar, and time zones for showing
// the API's ISO-8601 times in the user's own zone (zonePlugin.ts; zone.ts for the tracking pages).
import dayjs from 'dayjs';
import updateLocale from 'dayjs/plugin/updateLocale';
import utc from 'dayjs/plugin/utc';
import { useSession } from '../auth/session';
import { inZone, isZoneName, zonePlugin } from './zonePlugin';

dayjs.extend(updateLocale);
dayjs.extend(utc);
dayjs.extend(zonePlugin);
dayjs.updateLocale('en', { weekStart: 1 });

export const DATE_FORMATS = [
  'YYYY-MM-DD HH:mm',
  'DD/MM/YYYY HH:mm',
  'MM/DD/YYYY hh:mm A',
  'D MMM YYYY HH:mm',
];
export const DEFAULT_DATE_FORMAT = DATE_FORMATS[0];

export function formatDateTime(
  value: string | null | undefined,
  format = DEFAULT_DATE_FORMAT,
  zone?: string,
): string {
  if (!value) return '—';
  const day = dayjs(value);
  if (!day.isValid()) return String(value);
  return (zone && isZoneName(zone) ? inZone(day.valueOf(), zone) : day).format(format);
}

/** Formats API times with the user's date_format and timezone settings. */
export function useDateTime(): (value: string | null | undefined) => string {
  const settings = useSession((s) => s.user?.settings);
  const format =
    typeof settings?.date_format === 'string' ? settings.date_format : DEFAULT_DATE_FORMAT;
  const zone =
    typeof settings?.timezone === 'string' && settings.timezone ? settings.timezone : undefined;
  return (value) => formatDateTime(value, format, zone);
}
