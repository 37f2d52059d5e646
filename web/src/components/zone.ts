// The user's own time zone (settings.timezone; the browser's when unset or unknown), in which the
// tracking pages read and show days and times: "Today", day headings, trip times, chart axes and
// the dates of their links. The zone follows the session store, so it is right before any page
// renders and changes as soon as the user saves another one.
import { useMemo } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { useSession } from '../auth/session';
import './dates';
import { inZone, isZoneName, wallInZone, zoneOffset } from './zonePlugin';
import { now } from './clock';

let current: string | undefined;

function zoneName(value: unknown): string | undefined {
  const zone = typeof value === 'string' ? value.trim() : '';
  return zone && isZoneName(zone) ? zone : undefined;
}

type SessionState = ReturnType<typeof useSession.getState>;
const sessionZone = (s: SessionState) => zoneName(s.user?.settings?.timezone);

/** Sets the zone the helpers below use; nothing (or a name the browser does not know) for its own. */
export function setUserZone(zone: unknown): void {
  current = zoneName(zone);
}

/** The user's zone, or undefined for the browser's own. */
export function userZone(): string | undefined {
  return current;
}

setUserZone(useSession.getState().user?.settings?.timezone);
useSession.subscribe((state) => {
  current = sessionZone(state);
});

/** The user's zone for a component, so it renders again (and recomputes) when the zone changes. */
export function useUserZone(): string | undefined {
  return useSession(sessionZone);
}

export type ZonedInput = string | number | Date | Dayjs | null;

// An instant: ISO-8601 with Z or an offset. Anything else textual is a wall clock.
const INSTANT = /(?:Z|[+-]\d{2}:?\d{2})$/i;

/**
 * A time in the user's zone. Wall-clock text ('2026-11-20', '2026-11-20T08:00') is that wall clock
 * there; an instant (ISO-8601 with Z or an offset, epoch ms, a Date or Dayjs) is shown there.
 * Nothing is now.
 */
export function zoned(input?: ZonedInput): Dayjs {
  const zone = current;
  if (!zone) return dayjs(input === undefined ? undefined : input);
  if (input === undefined) return inZone(now(), zone);
  if (typeof input === 'string' && !INSTANT.test(input.trim())) {
    const wall = dayjs.utc(input.trim());
    return wall.isValid() ? wallInZone(wall.valueOf(), zone) : wall;
  }
  const at = dayjs(input);
  return at.isValid() ? inZone(at.valueOf(), zone) : at;
}

export function nowInZone(): Dayjs {
  return zoned();
}

/**
 * For antd's date pickers, which build their values in the browser's zone: a browser-zone Dayjs
 * with the user-zone wall clock of `value`, so the picker shows the user's times.
 */
export function toPicker(value: Dayjs): Dayjs {
  if (!current) return value;
  const [y, M, d, h, m, s, ms] = fields(value);
  return dayjs(new Date(y, M, d, h, m, s, ms));
}

/** What a picker hands back: its wall clock read in the user's zone. */
export function fromPicker(value: Dayjs): Dayjs {
  if (!current) return value;
  return wallInZone(Date.UTC(...fields(value)), current);
}

function fields(v: Dayjs): [number, number, number, number, number, number, number] {
  return [v.year(), v.month(), v.date(), v.hour(), v.minute(), v.second(), v.millisecond()];
}

/** A range for a picker, kept the same object while the range and zone stay the same. */
export function usePickerRange(range: readonly [Dayjs, Dayjs]): [Dayjs, Dayjs] {
  const zone = useUserZone();
  const [from, to] = [range[0].valueOf(), range[1].valueOf()];
  return useMemo<[Dayjs, Dayjs]>(
    () => [toPicker(range[0]), toPicker(range[1])],
    // The instants and the zone are what the picker values depend on.
    [from, to, zone],
  );
}

/**
 * Epoch ms whose UTC fields are the user-zone wall clock of `instant`, for a chart drawn in UTC so
 * its ticks and labels fall on the user's hours and days.
 */
export function wallClockOf(instant: number): number {
  const offset = current ? zoneOffset(instant, current) : -new Date(instant).getTimezoneOffset();
  return instant + offset * 60_000;
}

/** The instant of a wallClockOf value (a fraction of a millisecond is kept). */
export function instantOfWallClock(wall: number): number {
  const whole = Math.floor(wall);
  return wholeInstantOf(whole) + (wall - whole);
}

function wholeInstantOf(wall: number): number {
  if (current) return wallInZone(wall, current).valueOf();
  const d = new Date(wall);
  return new Date(
    d.getUTCFullYear(),
    d.getUTCMonth(),
    d.getUTCDate(),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
    d.getUTCMilliseconds(),
  ).valueOf();
}
