// The route parameters of the tracking pages (SPEC §2 /portal), read and written in one place so a
// shared or bookmarked link opens the same view. Formats (README.md beside this file):
//   {daterange}, {date_range}  2026-11-20_2026-11-21 (whole days, both included) or
//                              2026-11-20T08:00_2026-11-20T17:30 (minutes; the end minute is
//                              included); ISO-8601 pairs such as 2026-11-20T06:00:00Z_… are read too.
//   {dateday}                  2026-11-20
//   {datetime}                 a day (2026-11-20) or a moment (2026-11-20T14:30, or ISO-8601)
//   {uid_list}, {pids}         comma-separated ids, 12,15,31; `all` (or nothing) for every one
//   {max_speed}                5 to 155 in steps of 5, or Off
// Days and minutes are in the user's time zone (settings.timezone; the browser's when unset), as
// the date pickers show them.
import type { Dayjs } from 'dayjs';
import { MAX_SPEED_OPTIONS } from '@fleet/common';
import type { DateRange } from '../../../components/dateRangePresets';
import { zoned } from '../../../components/zone';

export const RANGE_SEPARATOR = '_';
export const ALL_IDS = 'all';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_MINUTE = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;
// An ISO-8601 moment with a zone (Z or ±hh:mm), as the API writes them.
const ZONED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** A calendar day `YYYY-MM-DD` at the start of that day; null when not a real date. */
export function parseDay(value: string | undefined): Dayjs | null {
  const m = value ? DAY.exec(value.trim()) : null;
  if (!m) return null;
  const day = zoned(`${m[1]}-${m[2]}-${m[3]}`);
  // dayjs rolls 2026-02-30 over to March; a real date reads back the same.
  return day.isValid() && day.format('YYYY-MM-DD') === m[0] ? day.startOf('day') : null;
}

export function formatDay(day: Dayjs): string {
  return day.format('YYYY-MM-DD');
}

type Moment = { at: Dayjs; precision: 'day' | 'minute' | 'exact' };

function parseMoment(value: string): Moment | null {
  const text = value.trim();
  const day = parseDay(text);
  if (day) return { at: day, precision: 'day' };
  const local = LOCAL_MINUTE.exec(text);
  if (local) {
    const [h, min, s] = [Number(local[2]), Number(local[3]), Number(local[4] ?? 0)];
    if (!parseDay(local[1]) || h > 23 || min > 59 || s > 59) return null;
    const pad = (n: number) => String(n).padStart(2, '0');
    return { at: zoned(`${local[1]}T${pad(h)}:${pad(min)}:${pad(s)}`), precision: 'minute' };
  }
  if (ZONED.test(text)) {
    const at = zoned(text);
    return at.isValid() ? { at, precision: 'exact' } : null;
  }
  return null;
}

/** The whole day of `day` in the user's zone. */
export function dayRange(day: Dayjs): DateRange {
  const at = zoned(day);
  return [at.startOf('day'), at.endOf('day')];
}

/**
 * {daterange}: `from_to`. A day as the end means the end of that day; a minute means the end of
 * that minute, so what the range picker shows is what is included.
 */
export function parseDateRange(value: string | undefined): DateRange | null {
  if (!value) return null;
  const text = decodeURIComponent(value).trim();
  const single = parseDay(text);
  if (single) return dayRange(single);
  const parts = text.split(/[_,~]/);
  if (parts.length !== 2) return null;
  const from = parseMoment(parts[0]);
  const to = parseMoment(parts[1]);
  if (!from || !to) return null;
  const end =
    to.precision === 'day'
      ? to.at.endOf('day')
      : to.precision === 'minute'
        ? to.at.endOf('minute')
        : to.at;
  return end.isAfter(from.at) ? [from.at, end] : null;
}

/** The range in the user's zone, whichever zone its ends were made in. */
export function inUserZone(range: DateRange): DateRange {
  return [zoned(range[0]), zoned(range[1])];
}

/** True when the range runs from the start of a day to the end of a day (the user's days). */
export function isWholeDays(range: DateRange): boolean {
  const [from, to] = inUserZone(range);
  return from.isSame(from.startOf('day')) && to.isSame(to.endOf('day'));
}

/** The day when the range is exactly one whole day, else null. */
export function singleDayOf(range: DateRange): Dayjs | null {
  const [from, to] = inUserZone(range);
  return isWholeDays(range) && from.isSame(to, 'day') ? from : null;
}

/** The {daterange} form of a range: days when it covers whole days, else minutes. */
export function formatDateRange(range: DateRange): string {
  const [from, to] = inUserZone(range);
  if (isWholeDays(range)) return `${formatDay(from)}${RANGE_SEPARATOR}${formatDay(to)}`;
  const minute = (d: Dayjs) => d.format('YYYY-MM-DDTHH:mm');
  return `${minute(from)}${RANGE_SEPARATOR}${minute(to)}`;
}

/** {datetime}: the day to open and, when a time was given, the moment within it. */
export function parseDateTime(
  value: string | undefined,
): { range: DateRange; moment: Dayjs | null } | null {
  if (!value) return null;
  const parsed = parseMoment(decodeURIComponent(value));
  if (!parsed) return null;
  return {
    range: dayRange(parsed.at),
    moment: parsed.precision === 'day' ? null : parsed.at,
  };
}

/** A positive whole number id, or null. */
export function parseId(value: string | undefined): number | null {
  if (!value || !/^\d{1,12}$/.test(value.trim())) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/** {uid_list} / {pids}: distinct ids in the order given; `all` or nothing is the empty list. */
export function parseIdList(value: string | undefined): number[] {
  if (!value || value.trim().toLowerCase() === ALL_IDS) return [];
  const ids: number[] = [];
  for (const part of decodeURIComponent(value).split(',')) {
    const id = parseId(part.trim());
    if (id !== null && !ids.includes(id)) ids.push(id);
  }
  return ids;
}

export function formatIdList(ids: readonly number[]): string {
  return ids.length ? ids.join(',') : ALL_IDS;
}

export type MaxSpeed = number | 'Off';

/** {max_speed}: one of the choices of SPEC §9, or null. */
export function parseMaxSpeed(value: string | undefined): MaxSpeed | null {
  if (!value) return null;
  if (value.trim().toLowerCase() === 'off') return 'Off';
  const n = parseId(value);
  return n !== null && MAX_SPEED_OPTIONS.includes(n) ? n : null;
}

/** The user's max_speed setting when it is a valid choice, else DEFAULT (SPEC §3 token state). */
export function maxSpeedSetting(value: unknown, fallback: MaxSpeed): MaxSpeed {
  if (value === 'Off' || value === 'off') return 'Off';
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && MAX_SPEED_OPTIONS.includes(n) ? n : fallback;
}

/** The API's ISO-8601 `from`/`to` of a range. */
export function apiRange([from, to]: DateRange): { from: string; to: string } {
  return { from: from.toISOString(), to: to.toISOString() };
}
