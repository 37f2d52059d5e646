import { afterEach, describe, expect, it } from 'vitest';
import type { FleetTripRow } from '@fleet/common';
import { setUserZone, zoned } from '../../../../components/zone';
import { durationText, fleetTripsCsv, fleetTripsFileName, TRIPS_CSV_HEADER } from './fleetTripsCsv';

afterEach(() => setUserZone(undefined));

function row(over: Partial<FleetTripRow>): FleetTripRow {
  return {
    id: 1,
    uid: 5,
    unit_name: 'Toyota Hilux JOH-01',
    reg: 'JOH 01 GP',
    type: 0,
    start: '2026-11-20T06:05:00Z',
    end: '2026-11-20T07:10:30Z',
    distance: 12.345,
    max_speed: 98.6,
    duration: 3930,
    start_position: { lat: -26, lon: 28 },
    end_position: { lat: -26.1, lon: 28.1 },
    label: 'unlabeled',
    driver: { pid: 7, name: 'Thandi Mokoena' },
    open: false,
    ...over,
  };
}

describe('fleet trips CSV', () => {
  it('writes one line per trip, times in the user’s zone', () => {
    setUserZone('Africa/Johannesburg');
    const lines = fleetTripsCsv([
      row({}),
      row({ id: 2, unit_name: '=Van, "B"', reg: '', driver: null, open: true }),
    ])
      .slice(1)
      .split('\r\n');
    expect(lines[0]).toBe(TRIPS_CSV_HEADER.join(','));
    expect(lines[0]).toBe(
      'Unit,Registration,Start,End,Duration,Distance (km),Max speed (km/h),Driver',
    );
    expect(lines[1]).toBe(
      'Toyota Hilux JOH-01,JOH 01 GP,2026-11-20 08:05,2026-11-20 09:10,1:05:30,12.35,99,Thandi Mokoena',
    );
    // A trip under way has no end yet; text a spreadsheet would run is kept as text.
    expect(lines[2]).toBe(`"'=Van, ""B""",,2026-11-20 08:05,,1:05:30,12.35,99,`);
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe('');
  });

  it('names the file after the range’s days', () => {
    setUserZone('Africa/Johannesburg');
    const range = [zoned('2026-11-01').startOf('day'), zoned('2026-11-25').endOf('day')] as [
      ReturnType<typeof zoned>,
      ReturnType<typeof zoned>,
    ];
    expect(fleetTripsFileName(range)).toBe('trips-2026-11-01-to-2026-11-25.csv');
  });

  it('writes durations as h:mm:ss', () => {
    expect(durationText(0)).toBe('0:00:00');
    expect(durationText(59.6)).toBe('0:01:00');
    expect(durationText(3600 * 26 + 61)).toBe('26:01:01');
  });
});
