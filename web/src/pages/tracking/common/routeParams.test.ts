import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { setUserZone, zoned } from '../../../components/zone';
import { formatRangeText } from './format';
import { shiftRange } from './rangeShift';
import {
  apiRange,
  dayRange,
  formatDateRange,
  formatIdList,
  maxSpeedSetting,
  parseDateRange,
  parseDateTime,
  parseDay,
  parseIdList,
  parseMaxSpeed,
  singleDayOf,
} from './routeParams';

const fmt = (d: dayjs.Dayjs) => d.format('YYYY-MM-DD HH:mm:ss.SSS');

describe('tracking route parameters', () => {
  it('reads {dateday} only as a real calendar day', () => {
    expect(fmt(parseDay('2026-11-20')!)).toBe('2026-11-20 00:00:00.000');
    expect(parseDay('2026-02-30')).toBeNull();
    expect(parseDay('2026-11-20T10:00')).toBeNull();
    expect(parseDay('20-11-2026')).toBeNull();
    expect(parseDay(undefined)).toBeNull();
  });

  it('reads a {daterange} of whole days, both days included', () => {
    const [from, to] = parseDateRange('2026-11-16_2026-11-22')!;
    expect(fmt(from)).toBe('2026-11-16 00:00:00.000');
    expect(fmt(to)).toBe('2026-11-22 23:59:59.999');
    // A single day is that whole day.
    const [a, b] = parseDateRange('2026-11-20')!;
    expect([fmt(a), fmt(b)]).toEqual(['2026-11-20 00:00:00.000', '2026-11-20 23:59:59.999']);
  });

  it('reads local minutes with the end minute included, and ISO-8601 pairs', () => {
    const [from, to] = parseDateRange('2026-11-20T08:00_2026-11-20T17:30')!;
    expect(fmt(from)).toBe('2026-11-20 08:00:00.000');
    expect(fmt(to)).toBe('2026-11-20 17:30:59.999');
    const iso = parseDateRange('2026-11-20T06:00:00Z_2026-11-20T15:00:00.000Z')!;
    expect(iso[0].toISOString()).toBe('2026-11-20T06:00:00.000Z');
    expect(iso[1].toISOString()).toBe('2026-11-20T15:00:00.000Z');
    // Encoded in a link.
    expect(
      parseDateRange(encodeURIComponent('2026-11-20T06:00:00+02:00_2026-11-21')),
    ).not.toBeNull();
  });

  it('refuses ranges that end before they start or cannot be read', () => {
    expect(parseDateRange('2026-11-22_2026-11-20')).toBeNull();
    expect(parseDateRange('2026-11-20T10:00_2026-11-20T09:00')).toBeNull();
    expect(parseDateRange('yesterday')).toBeNull();
    expect(parseDateRange('2026-11-20_2026-11-21_2026-11-22')).toBeNull();
    expect(parseDateRange('2026-11-20T25:00_2026-11-21')).toBeNull();
  });

  it('writes days when the range covers whole days, else minutes, and reads back the same', () => {
    const week = parseDateRange('2026-11-16_2026-11-22')!;
    expect(formatDateRange(week)).toBe('2026-11-16_2026-11-22');
    const shift: [dayjs.Dayjs, dayjs.Dayjs] = [
      dayjs('2026-11-20T08:15'),
      dayjs('2026-11-20T17:30').endOf('minute'),
    ];
    const text = formatDateRange(shift);
    expect(text).toBe('2026-11-20T08:15_2026-11-20T17:30');
    const back = parseDateRange(text)!;
    expect(back[0].valueOf()).toBe(shift[0].valueOf());
    expect(back[1].valueOf()).toBe(shift[1].valueOf());
  });

  it('knows a single whole day', () => {
    expect(singleDayOf(parseDateRange('2026-11-20')!)?.format('YYYY-MM-DD')).toBe('2026-11-20');
    expect(singleDayOf(parseDateRange('2026-11-20_2026-11-21')!)).toBeNull();
    expect(singleDayOf(parseDateRange('2026-11-20T08:00_2026-11-20T09:00')!)).toBeNull();
  });

  it('reads {datetime} as a day to open, with the moment when a time is given', () => {
    const day = parseDateTime('2026-11-20')!;
    expect(day.moment).toBeNull();
    expect(formatDateRange(day.range)).toBe('2026-11-20_2026-11-20');
    const moment = parseDateTime('2026-11-20T14:30')!;
    expect(fmt(moment.moment!)).toBe('2026-11-20 14:30:00.000');
    expect(formatDateRange(moment.range)).toBe('2026-11-20_2026-11-20');
    expect(parseDateTime('2026-11-20T12:00:00Z')!.moment!.toISOString()).toBe(
      '2026-11-20T12:00:00.000Z',
    );
    expect(parseDateTime('soon')).toBeNull();
  });

  it('reads {uid_list} and {pids}: distinct positive ids, `all` for every one', () => {
    expect(parseIdList('12,15,31')).toEqual([12, 15, 31]);
    expect(parseIdList('3,3,x,0,-4,7')).toEqual([3, 7]);
    expect(parseIdList(encodeURIComponent('4,5'))).toEqual([4, 5]);
    expect(parseIdList('all')).toEqual([]);
    expect(parseIdList(undefined)).toEqual([]);
    expect(formatIdList([])).toBe('all');
    expect(formatIdList([9, 2])).toBe('9,2');
  });

  it('accepts only the maximum speed choices of SPEC §9', () => {
    expect(parseMaxSpeed('80')).toBe(80);
    expect(parseMaxSpeed('155')).toBe(155);
    expect(parseMaxSpeed('Off')).toBe('Off');
    expect(parseMaxSpeed('off')).toBe('Off');
    expect(parseMaxSpeed('82')).toBeNull();
    expect(parseMaxSpeed('160')).toBeNull();
    expect(parseMaxSpeed('0')).toBeNull();
    expect(maxSpeedSetting(undefined, 120)).toBe(120);
    expect(maxSpeedSetting('90', 120)).toBe(90);
    expect(maxSpeedSetting('Off', 120)).toBe('Off');
    expect(maxSpeedSetting(93, 120)).toBe(120);
  });

  it('sends the range to the API as ISO-8601 instants', () => {
    const range = parseDateRange('2026-11-20T06:00:00Z_2026-11-20T07:00:00Z')!;
    expect(apiRange(range)).toEqual({
      from: '2026-11-20T06:00:00.000Z',
      to: '2026-11-20T07:00:00.000Z',
    });
  });
});

// A Johannesburg user (+02:00, no daylight saving) on a machine in any other zone: the link's days
// and minutes are the user's.
describe('tracking route parameters in the user time zone', () => {
  beforeEach(() => setUserZone('Africa/Johannesburg'));
  afterEach(() => setUserZone(undefined));
  const iso = (range: [dayjs.Dayjs, dayjs.Dayjs] | null) => range?.map((d) => d.toISOString());

  it('reads a {daterange} day as the user whole day', () => {
    expect(iso(parseDateRange('2026-11-20'))).toEqual([
      '2026-11-19T22:00:00.000Z',
      '2026-11-20T21:59:59.999Z',
    ]);
    expect(iso(parseDateRange('2026-11-16_2026-11-22'))).toEqual([
      '2026-11-15T22:00:00.000Z',
      '2026-11-22T21:59:59.999Z',
    ]);
    expect(parseDay('2026-11-20')!.toISOString()).toBe('2026-11-19T22:00:00.000Z');
  });

  it('reads minutes as the user wall clock and ISO-8601 instants as they are', () => {
    expect(iso(parseDateRange('2026-11-20T08:00_2026-11-20T17:30'))).toEqual([
      '2026-11-20T06:00:00.000Z',
      '2026-11-20T15:30:59.999Z',
    ]);
    const instants = parseDateRange('2026-11-20T06:00:00Z_2026-11-20T15:00:00Z')!;
    expect(formatDateRange(instants)).toBe('2026-11-20T08:00_2026-11-20T17:00');
    expect(apiRange(parseDateRange('2026-11-20')!)).toEqual({
      from: '2026-11-19T22:00:00.000Z',
      to: '2026-11-20T21:59:59.999Z',
    });
  });

  it('writes links that read back the same range', () => {
    for (const text of [
      '2026-11-20_2026-11-20',
      '2026-11-16_2026-11-22',
      '2026-11-20T08:15_2026-11-20T17:30',
      '2026-10-31T23:00_2026-11-01T05:30',
    ]) {
      const range = parseDateRange(text)!;
      expect(formatDateRange(range)).toBe(text);
      expect(iso(parseDateRange(formatDateRange(range)))).toEqual(iso(range));
    }
    // A range made anywhere (here in UTC) is written in the user's days and minutes.
    const utc: [dayjs.Dayjs, dayjs.Dayjs] = [
      dayjs('2026-11-19T22:00:00Z'),
      dayjs('2026-11-20T21:59:59.999Z'),
    ];
    expect(formatDateRange(utc)).toBe('2026-11-20_2026-11-20');
    expect(singleDayOf(utc)?.format('YYYY-MM-DD')).toBe('2026-11-20');
    expect(formatRangeText(utc)).toBe('Fri 20 Nov 2026');
  });

  it('opens the user day of a {datetime}, and today by the user clock', () => {
    const late = parseDateTime('2026-11-20T22:30:00Z')!;
    expect(formatDateRange(late.range)).toBe('2026-11-21_2026-11-21');
    expect(late.moment!.format('HH:mm')).toBe('00:30');
    expect(formatDateRange(dayRange(zoned('2026-11-20T22:30:00Z')))).toBe('2026-11-21_2026-11-21');
  });

  it('steps whole user days, also across a clock change of the user zone', () => {
    setUserZone('Pacific/Auckland');
    const week = parseDateRange('2026-09-21_2026-09-27')!;
    const next = shiftRange(week, 1);
    expect(formatDateRange(next)).toBe('2026-09-28_2026-10-04');
    expect(iso(next)).toEqual(['2026-09-27T11:00:00.000Z', '2026-10-04T10:59:59.999Z']);
    expect(formatDateRange(shiftRange(next, -1))).toBe('2026-09-21_2026-09-27');
  });
});
