// The user's zone helpers (ARCHITECTURE §4: days are the user's) at midnight, month and year ends,
// on a leap day and on the days the clocks change. Expectations are instants in UTC or wall clocks
// in a named zone, so they hold whatever zone the machine runs in (TZ=UTC, TZ=America/New_York,
// TZ=Pacific/Auckland).
import { afterEach, describe, expect, it, vi } from 'vitest';
import dayjs from 'dayjs';
import {
  fromPicker,
  instantOfWallClock,
  nowInZone,
  setUserZone,
  toPicker,
  wallClockOf,
  zoned,
} from './zone';

const WALL = 'YYYY-MM-DD HH:mm:ss.SSS';
const HOUR_MS = 3600_000;
const iso = (d: dayjs.Dayjs) => d.toISOString();

afterEach(() => {
  setUserZone(undefined);
  vi.useRealTimers();
});

describe('now in the user zone', () => {
  it('turns the year at the user midnight in Johannesburg and Los Angeles', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    setUserZone('Africa/Johannesburg');
    vi.setSystemTime(new Date('2026-12-31T21:59:59.999Z'));
    expect(nowInZone().format(WALL)).toBe('2026-12-31 23:59:59.999');
    vi.setSystemTime(new Date('2026-12-31T22:00:00.000Z'));
    expect(nowInZone().format(WALL)).toBe('2027-01-01 00:00:00.000');
    // Friday 1 January 2027: the week began on Monday 28 December.
    expect(iso(nowInZone().startOf('week'))).toBe('2026-12-27T22:00:00.000Z');
    setUserZone('America/Los_Angeles');
    expect(nowInZone().format(WALL)).toBe('2026-12-31 14:00:00.000');
    vi.setSystemTime(new Date('2027-01-01T08:00:00.000Z'));
    expect(nowInZone().format(WALL)).toBe('2027-01-01 00:00:00.000');
  });
});

describe('wall clocks at month ends and on a leap day', () => {
  it('ends February 2028 on the 29th', () => {
    setUserZone('Africa/Johannesburg');
    expect(iso(zoned('2028-02-10').endOf('month'))).toBe('2028-02-29T21:59:59.999Z');
    expect(zoned('2028-02-28').add(1, 'day').format('YYYY-MM-DD')).toBe('2028-02-29');
    expect(zoned('2027-02-28').add(1, 'day').format('YYYY-MM-DD')).toBe('2027-03-01');
    setUserZone('Europe/London');
    expect(zoned('2028-02-29T23:59:59.999').add(1, 'millisecond').format()).toBe(
      '2028-03-01T00:00:00+00:00',
    );
    expect(iso(zoned('2028-03-29T09:00').subtract(1, 'month').startOf('month'))).toBe(
      '2028-02-01T00:00:00.000Z',
    );
  });

  it('ends 31 January and 30 April at 23:59:59.999', () => {
    setUserZone('America/Los_Angeles');
    expect(iso(zoned('2026-01-31T12:00').endOf('day'))).toBe('2026-02-01T07:59:59.999Z');
    expect(zoned('2026-01-31').add(1, 'month').format('YYYY-MM-DD')).toBe('2026-02-28');
    // Summer time (-07:00) in April.
    expect(iso(zoned('2026-04-12').endOf('month'))).toBe('2026-05-01T06:59:59.999Z');
    setUserZone('Africa/Johannesburg');
    expect(iso(zoned('2026-04-30T23:59:59.999').add(1, 'millisecond'))).toBe(
      '2026-04-30T22:00:00.000Z',
    );
  });
});

describe('wall clocks on the days the clocks change', () => {
  it('makes London days of 23 and 25 hours, and hours of elapsed time', () => {
    setUserZone('Europe/London');
    const spring = zoned('2026-03-29');
    expect(spring.add(1, 'day').format()).toBe('2026-03-30T00:00:00+01:00');
    expect(spring.add(1, 'day').diff(spring, 'hour')).toBe(23);
    // 01:30 does not exist on 29 March; it reads as 02:30.
    expect(zoned('2026-03-29T01:30').format()).toBe('2026-03-29T02:30:00+01:00');
    const first = zoned('2026-10-25T00:30:00Z');
    const second = first.add(1, 'hour');
    expect([first.format(), second.format()]).toEqual([
      '2026-10-25T01:30:00+01:00',
      '2026-10-25T01:30:00+00:00',
    ]);
    // Both 01:30s are in a day from 00:00 +01:00 to 23:59:59.999 +00:00, 25 hours long.
    expect([first, second].map((d) => iso(d.startOf('day')))).toEqual([
      '2026-10-24T23:00:00.000Z',
      '2026-10-24T23:00:00.000Z',
    ]);
    expect(iso(second.endOf('day'))).toBe('2026-10-25T23:59:59.999Z');
    expect(second.endOf('day').valueOf() + 1 - first.startOf('day').valueOf()).toBe(25 * HOUR_MS);
    // Within the repeated hour, hours and minutes keep the reading they have.
    expect(iso(second.startOf('hour'))).toBe('2026-10-25T01:00:00.000Z');
    expect(iso(first.startOf('minute'))).toBe('2026-10-25T00:30:00.000Z');
  });

  it('makes Los Angeles days of 23 and 25 hours', () => {
    setUserZone('America/Los_Angeles');
    const autumn = zoned('2026-11-01');
    expect(iso(autumn)).toBe('2026-11-01T07:00:00.000Z');
    expect(autumn.add(1, 'day').format()).toBe('2026-11-02T00:00:00-08:00');
    expect(autumn.add(24, 'hour').format()).toBe('2026-11-01T23:00:00-08:00');
    expect(iso(zoned('2026-03-08T12:00').startOf('day'))).toBe('2026-03-08T08:00:00.000Z');
    expect(iso(zoned('2026-03-08T12:00').endOf('day'))).toBe('2026-03-09T06:59:59.999Z');
    expect(zoned('2026-03-08T02:30').format()).toBe('2026-03-08T03:30:00-07:00');
  });

  it('starts a day at its first midnight where the zone shows midnight twice', () => {
    // Havana goes back from 01:00 -04:00 to 00:00 -05:00 on Sunday 1 November 2026.
    setUserZone('America/Havana');
    expect(iso(zoned('2026-11-01T12:00').startOf('day'))).toBe('2026-11-01T04:00:00.000Z');
    expect(iso(zoned('2026-11-15T12:00').startOf('month'))).toBe('2026-11-01T04:00:00.000Z');
    expect(iso(zoned('2026-11-04T12:00').startOf('week'))).toBe('2026-11-02T05:00:00.000Z');
    const secondMidnight = zoned('2026-11-01T05:00:00Z');
    expect(secondMidnight.format()).toBe('2026-11-01T00:00:00-05:00');
    expect(iso(secondMidnight.startOf('day'))).toBe('2026-11-01T04:00:00.000Z');
    expect(secondMidnight.isSame(zoned('2026-11-01T04:30:00Z'), 'day')).toBe(true);
    // Santiago goes back from 00:00 -03:00 to 23:00 -04:00 on Saturday 4 April 2026.
    setUserZone('America/Santiago');
    expect(iso(zoned('2026-04-04T08:00').endOf('day'))).toBe('2026-04-05T03:59:59.999Z');
    expect(zoned('2026-04-05T03:30:00Z').isSame(zoned('2026-04-04T08:00'), 'day')).toBe(true);
  });
});

describe('chart wall clocks', () => {
  it('follows the user wall clock over the year end and a leap day', () => {
    setUserZone('Africa/Johannesburg');
    const newYear = Date.parse('2026-12-31T22:00:00Z');
    expect(wallClockOf(newYear)).toBe(Date.UTC(2027, 0, 1));
    expect(wallClockOf(newYear - 1)).toBe(Date.UTC(2026, 11, 31, 23, 59, 59, 999));
    expect(wallClockOf(Date.parse('2028-02-29T22:00:00Z'))).toBe(Date.UTC(2028, 2, 1));
    expect(instantOfWallClock(Date.UTC(2028, 1, 29, 12))).toBe(Date.parse('2028-02-29T10:00:00Z'));
  });

  it('jumps over the hour London skips and back over the one Los Angeles repeats', () => {
    setUserZone('Europe/London');
    const lastGmt = Date.parse('2026-03-29T00:59:59.999Z');
    const firstBst = Date.parse('2026-03-29T01:00:00Z');
    expect(wallClockOf(lastGmt)).toBe(Date.UTC(2026, 2, 29, 0, 59, 59, 999));
    expect(wallClockOf(firstBst)).toBe(Date.UTC(2026, 2, 29, 2));
    expect([
      instantOfWallClock(wallClockOf(lastGmt)),
      instantOfWallClock(wallClockOf(firstBst)),
    ]).toEqual([lastGmt, firstBst]);
    setUserZone('America/Los_Angeles');
    const lastPdt = Date.parse('2026-11-01T08:59:59.999Z');
    const firstPst = Date.parse('2026-11-01T09:00:00Z');
    expect(wallClockOf(lastPdt)).toBe(Date.UTC(2026, 10, 1, 1, 59, 59, 999));
    expect(wallClockOf(firstPst)).toBe(Date.UTC(2026, 10, 1, 1));
    const afterRepeat = Date.parse('2026-11-01T10:00:00Z');
    expect(instantOfWallClock(wallClockOf(afterRepeat))).toBe(afterRepeat);
    // A wall clock Los Angeles skips (02:30 on 8 March) is the instant of 03:30.
    expect(instantOfWallClock(Date.UTC(2026, 2, 8, 2, 30))).toBe(
      Date.parse('2026-03-08T10:30:00Z'),
    );
  });
});

describe('pickers at the day edges', () => {
  // antd's pickers hold browser-zone times, so these are wall clocks that every zone the suite runs
  // in (UTC, New York, Auckland) shows once: the first and last milliseconds of days.
  const roundTrips = (zone: string, walls: string[]) => {
    setUserZone(zone);
    return walls.map((wall) => {
      const picker = toPicker(zoned(wall));
      return [picker.format(WALL), iso(fromPicker(picker))];
    });
  };

  it('shows the user wall clock and reads it back there', () => {
    expect(
      roundTrips('Africa/Johannesburg', ['2027-01-01T00:00', '2028-02-29T23:59:59.999']),
    ).toEqual([
      ['2027-01-01 00:00:00.000', '2026-12-31T22:00:00.000Z'],
      ['2028-02-29 23:59:59.999', '2028-02-29T21:59:59.999Z'],
    ]);
    expect(
      roundTrips('Europe/London', ['2026-03-29T00:00', '2026-03-29T23:59:59.999', '2026-10-25']),
    ).toEqual([
      ['2026-03-29 00:00:00.000', '2026-03-29T00:00:00.000Z'],
      ['2026-03-29 23:59:59.999', '2026-03-29T22:59:59.999Z'],
      ['2026-10-25 00:00:00.000', '2026-10-24T23:00:00.000Z'],
    ]);
    expect(roundTrips('America/Los_Angeles', ['2026-11-01', '2026-11-01T23:59:59.999'])).toEqual([
      ['2026-11-01 00:00:00.000', '2026-11-01T07:00:00.000Z'],
      ['2026-11-01 23:59:59.999', '2026-11-02T07:59:59.999Z'],
    ]);
  });
});
