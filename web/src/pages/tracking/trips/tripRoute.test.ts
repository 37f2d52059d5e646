import { afterEach, describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { setUserZone, zoned } from '../../../components/zone';
import { parseDateRange } from '../common/routeParams';
import { readTripRoute, tripLink, tripRouteKind, type TripRouteParams } from './tripRoute';

const NOW = dayjs('2026-11-21T10:00');
const read = (path: string, params: TripRouteParams) => readTripRoute(path, params, 120, NOW);
const day = (d: dayjs.Dayjs) => d.format('YYYY-MM-DD HH:mm');

describe('trip routes', () => {
  it('tells the four trip routes apart', () => {
    expect(tripRouteKind('/portal/trip/4')).toBe('trip');
    expect(tripRouteKind('/portal/trip_range/4/2026-11-20')).toBe('range');
    expect(tripRouteKind('/portal/trip_range_labeled/4/x/1/2')).toBe('labeled');
    expect(tripRouteKind('/portal/trip_day/4/2026-11-20')).toBe('day');
  });

  it('opens today without a date, and the day, moment and trip of trip/{id}/{datetime}/{heading}', () => {
    const today = read('/portal/trip/4', { id: '4' });
    expect(today.uid).toBe(4);
    expect(today.range.map(day)).toEqual(['2026-11-21 00:00', '2026-11-21 23:59']);
    expect(today.maxSpeed).toBe(120);

    const full = read('/portal/trip/4/2026-11-20T14:30/77', {
      id: '4',
      datetime: '2026-11-20T14:30',
      heading: '77',
    });
    expect(full.range.map(day)).toEqual(['2026-11-20 00:00', '2026-11-20 23:59']);
    expect(day(full.moment!)).toBe('2026-11-20 14:30');
    expect(full.selected).toBe(77);
    expect(full.invalid).toBeNull();
  });

  it('reads trip_range with its maximum speed, trip_day and trip_range_labeled', () => {
    const range = read('/portal/trip_range/4/2026-11-16_2026-11-22/80', {
      id: '4',
      daterange: '2026-11-16_2026-11-22',
      max_speed: '80',
    });
    expect(range.range.map(day)).toEqual(['2026-11-16 00:00', '2026-11-22 23:59']);
    expect(range.maxSpeed).toBe(80);

    const off = read('/x/trip_range/4/2026-11-20/Off', {
      id: '4',
      daterange: '2026-11-20',
      max_speed: 'Off',
    });
    expect(off.maxSpeed).toBe('Off');

    expect(
      read('/portal/trip_day/4/2026-11-19', { id: '4', dateday: '2026-11-19' }).range.map(day),
    ).toEqual(['2026-11-19 00:00', '2026-11-19 23:59']);

    const labeled = read('/portal/trip_range_labeled/4/2026-11-20/12/-', {
      id: '4',
      daterange: '2026-11-20',
      first_heading: '12',
      last_heading: '-',
    });
    expect(labeled.kind).toBe('labeled');
    expect(labeled.headings).toEqual({ first: 12, last: null });
  });

  it('falls back to defaults and says which parameter could not be read', () => {
    const bad = read('/portal/trip_range/4/nonsense/83', {
      id: '4',
      daterange: 'nonsense',
      max_speed: '83',
    });
    expect(bad.range.map(day)).toEqual(['2026-11-21 00:00', '2026-11-21 23:59']);
    expect(bad.maxSpeed).toBe(120);
    expect(bad.invalid).toBe('maximum speed');
    expect(read('/portal/trip/abc', { id: 'abc' }).invalid).toBe('unit');
    expect(read('/portal/trip/4/31-12-2026', { id: '4', datetime: '31-12-2026' }).invalid).toBe(
      'date',
    );
  });

  it('links a state back to the shortest route that holds it', () => {
    const base = {
      kind: 'trip' as const,
      uid: 4,
      range: parseDateRange('2026-11-21')!,
      maxSpeed: 120 as const,
      defaultMaxSpeed: 120 as const,
    };
    expect(tripLink({ ...base, uid: null }, NOW)).toBe('/portal/trip');
    expect(tripLink(base, NOW)).toBe('/portal/trip/4');
    expect(tripLink({ ...base, selected: 9 }, NOW)).toBe('/portal/trip/4/2026-11-21/9');
    expect(tripLink({ ...base, range: parseDateRange('2026-11-19')! }, NOW)).toBe(
      '/portal/trip/4/2026-11-19',
    );
    expect(tripLink({ ...base, kind: 'day', range: parseDateRange('2026-11-19')! }, NOW)).toBe(
      '/portal/trip_day/4/2026-11-19',
    );
    expect(tripLink({ ...base, range: parseDateRange('2026-11-16_2026-11-22')! }, NOW)).toBe(
      '/portal/trip_range/4/2026-11-16_2026-11-22',
    );
    expect(tripLink({ ...base, maxSpeed: 80 }, NOW)).toBe(
      '/portal/trip_range/4/2026-11-21_2026-11-21/80',
    );
    expect(tripLink({ ...base, kind: 'labeled', headings: { first: 12, last: null } }, NOW)).toBe(
      '/portal/trip_range_labeled/4/2026-11-21_2026-11-21/12/-',
    );
  });

  it('reads back every link it writes', () => {
    const states = [
      { range: parseDateRange('2026-11-19')!, maxSpeed: 120 as const, selected: 5 },
      { range: parseDateRange('2026-11-16_2026-11-22')!, maxSpeed: 60 as const, selected: null },
      {
        range: parseDateRange('2026-11-20T08:15_2026-11-20T17:30')!,
        maxSpeed: 'Off' as const,
        selected: null,
      },
    ];
    for (const s of states) {
      const link = tripLink({ kind: 'trip', uid: 4, defaultMaxSpeed: 120, ...s }, NOW);
      const parts = link.split('/');
      const params: TripRouteParams = parts[2].startsWith('trip_range')
        ? { id: parts[3], daterange: parts[4], max_speed: parts[5] }
        : { id: parts[3], datetime: parts[4], heading: parts[5] };
      const back = read(link, params);
      expect(back.uid).toBe(4);
      expect(back.range[0].valueOf()).toBe(s.range[0].valueOf());
      expect(back.range[1].valueOf()).toBe(s.range[1].valueOf());
      expect(back.maxSpeed).toBe(s.maxSpeed);
      expect(back.selected).toBe(s.selected);
    }
  });
});

describe('trip links in the user time zone', () => {
  afterEach(() => setUserZone(undefined));

  it('writes a link that reads back the same range, and knows the user today', () => {
    setUserZone('Africa/Johannesburg');
    const state = { kind: 'trip' as const, uid: 5, maxSpeed: 120, defaultMaxSpeed: 120 };
    const shift = parseDateRange('2026-11-20T08:15_2026-11-20T17:30')!;
    const link = tripLink({ ...state, range: shift });
    expect(link).toBe('/portal/trip_range/5/2026-11-20T08:15_2026-11-20T17:30');
    const back = readTripRoute(link, { id: '5', daterange: link.split('/')[4] }, 120);
    expect(back.range.map((d) => d.valueOf())).toEqual(shift.map((d) => d.valueOf()));

    // 22:30 UTC on Friday 20 November is already Saturday 21 November in Johannesburg.
    const now = zoned('2026-11-20T22:30:00Z');
    const today = readTripRoute('/portal/trip/5', { id: '5' }, 120, now);
    expect(today.range.map((d) => d.toISOString())).toEqual([
      '2026-11-20T22:00:00.000Z',
      '2026-11-21T21:59:59.999Z',
    ]);
    expect(tripLink({ ...state, range: today.range }, now)).toBe('/portal/trip/5');
    const friday = parseDateRange('2026-11-20')!;
    expect(tripLink({ ...state, range: friday, selected: 9 }, now)).toBe(
      '/portal/trip/5/2026-11-20/9',
    );
  });
});
