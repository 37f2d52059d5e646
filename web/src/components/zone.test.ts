// The user's time zone helpers. Every expectation is an instant or a wall clock in a named zone, so
// the results are the same whatever zone the test machine runs in (try TZ=UTC and
// TZ=America/New_York: New York changes its clocks on 1 November 2026 and 8 March 2026, the days
// where dayjs's own timezone plugin is an hour out).
import { afterEach, describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { useSession } from '../auth/session';
import { userOf } from '../test/fixtures';
import { formatDateTime } from './dates';
import {
  fromPicker,
  instantOfWallClock,
  nowInZone,
  setUserZone,
  toPicker,
  userZone,
  wallClockOf,
  zoned,
} from './zone';

const iso = (d: dayjs.Dayjs) => d.toISOString();

afterEach(() => setUserZone(undefined));

describe('times in the user zone', () => {
  it('reads a wall clock there and shows an instant there', () => {
    setUserZone('Africa/Johannesburg');
    expect(iso(zoned('2026-11-20').endOf('day'))).toBe('2026-11-20T21:59:59.999Z');
    expect(iso(zoned('2026-11-20'))).toBe('2026-11-19T22:00:00.000Z');
    expect(iso(zoned('2026-11-20T08:00'))).toBe('2026-11-20T06:00:00.000Z');
    const late = zoned('2026-11-20T22:30:00Z');
    expect(late.format('dddd D MMMM HH:mm')).toBe('Saturday 21 November 00:30');
    expect(iso(late.startOf('day'))).toBe('2026-11-20T22:00:00.000Z');
    expect(iso(late.startOf('week'))).toBe('2026-11-15T22:00:00.000Z');
    expect(late.format()).toBe('2026-11-21T00:30:00+02:00');
    expect(zoned(Date.UTC(2026, 10, 20, 10)).format('HH:mm')).toBe('12:00');
    expect(zoned(dayjs('2026-11-20T10:00:00+05:30')).format('HH:mm')).toBe('06:30');
  });

  it('stays right on the days the browser changes its clocks', () => {
    setUserZone('Africa/Johannesburg');
    expect(zoned('2026-11-01T05:30').format('HH:mm')).toBe('05:30');
    expect(iso(zoned('2026-11-01T05:30'))).toBe('2026-11-01T03:30:00.000Z');
    expect(iso(zoned('2026-11-20').startOf('month'))).toBe('2026-10-31T22:00:00.000Z');
    expect(iso(zoned('2026-11-01T12:00').startOf('day'))).toBe('2026-10-31T22:00:00.000Z');
    expect(zoned('2026-03-08T08:30').format('HH:mm')).toBe('08:30');
    expect(iso(zoned('2026-03-08').endOf('day'))).toBe('2026-03-08T21:59:59.999Z');
  });

  it('keeps days whole across the user zone clock changes', () => {
    // Auckland goes from +12:00 to +13:00 at 02:00 on 27 September 2026.
    setUserZone('Pacific/Auckland');
    const friday = zoned('2026-09-25');
    expect(iso(friday)).toBe('2026-09-24T12:00:00.000Z');
    const monday = friday.add(3, 'day');
    expect(monday.format()).toBe('2026-09-28T00:00:00+13:00');
    expect(iso(monday.endOf('day'))).toBe('2026-09-28T10:59:59.999Z');
    expect(monday.diff(friday, 'day')).toBe(3);
    // The skipped half hour reads as the one after it; hours are elapsed time.
    expect(zoned('2026-09-27T02:30').format('HH:mm Z')).toBe('03:30 +13:00');
    expect(zoned('2026-09-27T01:30').add(1, 'hour').format('HH:mm')).toBe('03:30');
    expect(zoned('2026-04-05T01:30').add(2, 'hour').format('HH:mm Z')).toBe('02:30 +12:00');
    expect(zoned('2026-11-20T23:30').isSame(zoned('2026-11-20T00:10'), 'day')).toBe(true);
    expect(zoned('2026-11-20T23:30').isSame(dayjs('2026-11-20T11:00:00Z'), 'day')).toBe(false);
  });

  it('hands antd pickers the user wall clock and reads theirs back there', () => {
    setUserZone('Pacific/Auckland');
    const at = zoned('2026-11-20T08:15');
    const picker = toPicker(at);
    expect(picker.format('YYYY-MM-DD HH:mm')).toBe('2026-11-20 08:15');
    expect(picker.isUTC()).toBe(false);
    expect(picker.valueOf()).toBe(new Date(2026, 10, 20, 8, 15).valueOf());
    expect(fromPicker(picker).valueOf()).toBe(at.valueOf());
    expect(iso(fromPicker(dayjs(new Date(2026, 10, 21, 0, 0))))).toBe('2026-11-20T11:00:00.000Z');
  });

  it('moves chart times onto the user wall clock and back', () => {
    setUserZone('Africa/Johannesburg');
    const t = Date.UTC(2026, 10, 20, 22, 30);
    expect(wallClockOf(t)).toBe(Date.UTC(2026, 10, 21, 0, 30));
    expect(instantOfWallClock(wallClockOf(t) + 0.25)).toBe(t + 0.25);
    setUserZone(undefined);
    expect(instantOfWallClock(wallClockOf(t))).toBe(t);
  });

  it('is the browser zone when the user has none, or one the browser does not know', () => {
    expect(userZone()).toBeUndefined();
    expect(zoned('2026-11-20').valueOf()).toBe(dayjs('2026-11-20').valueOf());
    setUserZone('Mars/Olympus_Mons');
    expect(userZone()).toBeUndefined();
    setUserZone('  ');
    expect(userZone()).toBeUndefined();
    expect(Math.abs(nowInZone().valueOf() - Date.now())).toBeLessThan(1000);
  });

  it('follows the session: the logged-in user settings.timezone', () => {
    useSession.setState({ user: userOf('full', { settings: { timezone: 'Asia/Kolkata' } }) });
    expect(userZone()).toBe('Asia/Kolkata');
    expect(zoned('2026-11-20T00:00:00Z').format('HH:mm')).toBe('05:30');
    useSession.setState({ user: null });
    expect(userZone()).toBeUndefined();
  });

  it('formats API times in a given zone, as the settings preview and useDateTime do', () => {
    expect(formatDateTime('2026-11-01T03:30:00Z', 'YYYY-MM-DD HH:mm', 'Africa/Johannesburg')).toBe(
      '2026-11-01 05:30',
    );
    expect(formatDateTime('2026-11-01T03:30:00Z', 'HH:mm', 'Nowhere/Atall')).toBe(
      dayjs('2026-11-01T03:30:00Z').format('HH:mm'),
    );
  });
});
