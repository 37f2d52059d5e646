// The date presets of SPEC §9 at the edges of days, months and years, on a leap day and on the days
// the clocks change, computed in the user's zone (ARCHITECTURE §4). Each range is a pair of instants
// in UTC, so the expectations hold whatever zone the machine runs in (run with TZ=UTC,
// TZ=America/New_York and TZ=Pacific/Auckland: New York changes its clocks on 8 March and
// 1 November 2026, Auckland on 5 April and 27 September).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DATE_PRESETS, rangePickerPresets, type DateRange } from './dateRangePresets';
import { setUserZone, zoned } from './zone';

const HOUR_MS = 3600_000;
const JNB = 'Africa/Johannesburg'; // +02:00 all year
const LON = 'Europe/London'; // +00:00; +01:00 from 29 Mar to 25 Oct 2026 and from 26 Mar 2028
const LAX = 'America/Los_Angeles'; // -08:00; -07:00 from 8 Mar to 1 Nov 2026

afterEach(() => {
  setUserZone(undefined);
  vi.useRealTimers();
});

const isoOf = (range: DateRange) => range.map((d) => d.toISOString());

/**
 * The ranges of the presets named in `keys` at `now` in `zone`, as ISO-8601 instants. `now` is a
 * wall clock there ('2026-11-20T08:00') or an instant (with Z).
 */
function presetsAt(zone: string, now: string, keys: string[]): Record<string, string[]> {
  setUserZone(zone);
  const at = zoned(now);
  const presets = DATE_PRESETS.filter((p) => keys.includes(p.key));
  return Object.fromEntries(presets.map((p) => [p.key, isoOf(p.range(at))]));
}

/** The expected [from, to] of some presets, by preset key. */
type Ranges = Record<string, string[]>;

// Groups of edges; in each, the expected ranges by '<zone> <now>' (now as in presetsAt).
const SCENARIOS: Record<string, Record<string, Ranges>> = {
  'at midnight': {
    'Africa/Johannesburg 2026-11-20T00:00': {
      today: ['2026-11-19T22:00:00.000Z', '2026-11-20T21:59:59.999Z'],
    },
    'Africa/Johannesburg 2026-11-20T23:59:59.999': {
      today: ['2026-11-19T22:00:00.000Z', '2026-11-20T21:59:59.999Z'],
    },
    'America/Los_Angeles 2026-11-20T00:00': {
      yesterday: ['2026-11-19T08:00:00.000Z', '2026-11-20T07:59:59.999Z'],
    },
    'America/Los_Angeles 2026-11-20T23:59:59.999': {
      today: ['2026-11-20T08:00:00.000Z', '2026-11-21T07:59:59.999Z'],
    },
  },
  'at month ends': {
    'Africa/Johannesburg 2026-01-31T23:59:59.999': {
      this_month: ['2025-12-31T22:00:00.000Z', '2026-01-31T21:59:59.999Z'],
      from_last_month: ['2025-11-30T22:00:00.000Z', '2026-01-31T21:59:59.999Z'],
      plus_7_days: ['2026-01-30T22:00:00.000Z', '2026-02-07T21:59:59.999Z'],
    },
    // Sunday 1 February: the week began on Monday 26 January.
    'Africa/Johannesburg 2026-02-01T00:00': {
      yesterday: ['2026-01-30T22:00:00.000Z', '2026-01-31T21:59:59.999Z'],
      this_week: ['2026-01-25T22:00:00.000Z', '2026-02-01T21:59:59.999Z'],
      this_month: ['2026-01-31T22:00:00.000Z', '2026-02-01T21:59:59.999Z'],
      from_last_month: ['2025-12-31T22:00:00.000Z', '2026-02-01T21:59:59.999Z'],
    },
    'Europe/London 2026-02-01T00:00': {
      this_month: ['2026-02-01T00:00:00.000Z', '2026-02-01T23:59:59.999Z'],
      last_7_days: ['2026-01-26T00:00:00.000Z', '2026-02-01T23:59:59.999Z'],
    },
    // Thursday 30 April on London summer time: 7 days on is Thursday 7 May.
    'Europe/London 2026-04-30T12:00': {
      plus_7_days: ['2026-04-29T23:00:00.000Z', '2026-05-07T22:59:59.999Z'],
    },
    'Africa/Johannesburg 2026-05-01T00:00': {
      yesterday: ['2026-04-29T22:00:00.000Z', '2026-04-30T21:59:59.999Z'],
    },
    // A month before 31 March is February, which has no 31st: it still starts on 1 February.
    'Africa/Johannesburg 2026-03-31T12:00': {
      from_last_month: ['2026-01-31T22:00:00.000Z', '2026-03-31T21:59:59.999Z'],
    },
  },
  'at the year end': {
    // Friday 1 January 2027: this week began on Monday 28 December 2026.
    'Africa/Johannesburg 2027-01-01T10:00': {
      today: ['2026-12-31T22:00:00.000Z', '2027-01-01T21:59:59.999Z'],
      yesterday: ['2026-12-30T22:00:00.000Z', '2026-12-31T21:59:59.999Z'],
      this_week: ['2026-12-27T22:00:00.000Z', '2027-01-01T21:59:59.999Z'],
      last_7_days: ['2026-12-25T22:00:00.000Z', '2027-01-01T21:59:59.999Z'],
      from_last_week: ['2026-12-20T22:00:00.000Z', '2027-01-01T21:59:59.999Z'],
      this_month: ['2026-12-31T22:00:00.000Z', '2027-01-01T21:59:59.999Z'],
      from_last_month: ['2026-11-30T22:00:00.000Z', '2027-01-01T21:59:59.999Z'],
      plus_7_days: ['2026-12-31T22:00:00.000Z', '2027-01-08T21:59:59.999Z'],
    },
    'America/Los_Angeles 2027-01-01T10:00': {
      this_week: ['2026-12-28T08:00:00.000Z', '2027-01-02T07:59:59.999Z'],
    },
    'Pacific/Auckland 2027-01-01T10:00': {
      from_last_month: ['2026-11-30T11:00:00.000Z', '2027-01-01T10:59:59.999Z'],
    },
    'America/Los_Angeles 2026-12-31T23:59:59.999': {
      today: ['2026-12-31T08:00:00.000Z', '2027-01-01T07:59:59.999Z'],
      this_month: ['2026-12-01T08:00:00.000Z', '2027-01-01T07:59:59.999Z'],
      plus_7_days: ['2026-12-31T08:00:00.000Z', '2027-01-08T07:59:59.999Z'],
    },
  },
  'around 29 February 2028': {
    // Tuesday 29 February 2028.
    'Africa/Johannesburg 2028-02-29T12:00': {
      today: ['2028-02-28T22:00:00.000Z', '2028-02-29T21:59:59.999Z'],
      this_week: ['2028-02-27T22:00:00.000Z', '2028-02-29T21:59:59.999Z'],
      this_month: ['2028-01-31T22:00:00.000Z', '2028-02-29T21:59:59.999Z'],
      plus_7_days: ['2028-02-28T22:00:00.000Z', '2028-03-07T21:59:59.999Z'],
    },
    'Europe/London 2028-03-01T00:00': {
      yesterday: ['2028-02-29T00:00:00.000Z', '2028-02-29T23:59:59.999Z'],
    },
    // Plus 7 days from 25 February runs over the leap day to 3 March; in 2027 to 4 March.
    'Africa/Johannesburg 2028-02-25T09:00': {
      plus_7_days: ['2028-02-24T22:00:00.000Z', '2028-03-03T21:59:59.999Z'],
    },
    'America/Los_Angeles 2028-02-25T09:00': {
      plus_7_days: ['2028-02-25T08:00:00.000Z', '2028-03-04T07:59:59.999Z'],
    },
    'Africa/Johannesburg 2027-02-25T09:00': {
      plus_7_days: ['2027-02-24T22:00:00.000Z', '2027-03-04T21:59:59.999Z'],
    },
    // From last month on 29 March 2028 starts on 1 February, in London before its clocks changed.
    'Africa/Johannesburg 2028-03-29T09:00': {
      from_last_month: ['2028-01-31T22:00:00.000Z', '2028-03-29T21:59:59.999Z'],
    },
    'Europe/London 2028-03-29T09:00': {
      this_week: ['2028-03-26T23:00:00.000Z', '2028-03-29T22:59:59.999Z'],
      from_last_week: ['2028-03-20T00:00:00.000Z', '2028-03-29T22:59:59.999Z'],
      from_last_month: ['2028-02-01T00:00:00.000Z', '2028-03-29T22:59:59.999Z'],
    },
  },
  'on the days the clocks change': {
    // London: Sunday 29 March 2026 has 23 hours; on the Monday after it is yesterday.
    'Europe/London 2026-03-29T12:00': {
      today: ['2026-03-29T00:00:00.000Z', '2026-03-29T22:59:59.999Z'],
    },
    'Europe/London 2026-03-30T08:00': {
      yesterday: ['2026-03-29T00:00:00.000Z', '2026-03-29T22:59:59.999Z'],
      this_week: ['2026-03-29T23:00:00.000Z', '2026-03-30T22:59:59.999Z'],
      last_7_days: ['2026-03-24T00:00:00.000Z', '2026-03-30T22:59:59.999Z'],
      from_last_week: ['2026-03-23T00:00:00.000Z', '2026-03-30T22:59:59.999Z'],
    },
    // 25 October has 25 hours, 01:30 twice: at 00:30 UTC (+01:00) and 01:30 UTC (+00:00).
    'Europe/London 2026-10-25T00:30:00Z': {
      today: ['2026-10-24T23:00:00.000Z', '2026-10-25T23:59:59.999Z'],
    },
    'Europe/London 2026-10-25T01:30:00Z': {
      today: ['2026-10-24T23:00:00.000Z', '2026-10-25T23:59:59.999Z'],
    },
    // Los Angeles: 02:30 does not exist on 8 March 2026; it reads as 03:30 on the same day.
    'America/Los_Angeles 2026-03-08T02:30': {
      today: ['2026-03-08T08:00:00.000Z', '2026-03-09T06:59:59.999Z'],
    },
    'America/Los_Angeles 2026-03-01T12:00': {
      plus_7_days: ['2026-03-01T08:00:00.000Z', '2026-03-09T06:59:59.999Z'],
    },
    // 1 November has 01:30 twice, at 08:30 UTC (-07:00) and 09:30 UTC (-08:00).
    'America/Los_Angeles 2026-11-01T08:30:00Z': {
      today: ['2026-11-01T07:00:00.000Z', '2026-11-02T07:59:59.999Z'],
    },
    'America/Los_Angeles 2026-11-01T09:30:00Z': {
      today: ['2026-11-01T07:00:00.000Z', '2026-11-02T07:59:59.999Z'],
      this_month: ['2026-11-01T07:00:00.000Z', '2026-11-02T07:59:59.999Z'],
      from_last_month: ['2026-10-01T07:00:00.000Z', '2026-11-02T07:59:59.999Z'],
    },
    // Johannesburg keeps 24-hour days while London and the US change their clocks.
    'Africa/Johannesburg 2026-03-29T01:00:00Z': {
      today: ['2026-03-28T22:00:00.000Z', '2026-03-29T21:59:59.999Z'],
    },
    'Africa/Johannesburg 2026-11-01T09:00:00Z': {
      today: ['2026-10-31T22:00:00.000Z', '2026-11-01T21:59:59.999Z'],
      this_week: ['2026-10-25T22:00:00.000Z', '2026-11-01T21:59:59.999Z'],
    },
  },
  'in zones whose clocks change at midnight': {
    // Havana shows midnight twice on 1 November 2026 (01:00 -04:00 goes back to 00:00 -05:00).
    'America/Havana 2026-11-01T12:00': {
      today: ['2026-11-01T04:00:00.000Z', '2026-11-02T04:59:59.999Z'],
    },
    // Santiago shows 23:00 to 23:59 twice on 4 April 2026 (00:00 -03:00 goes back to 23:00
    // -04:00) and skips midnight on 6 September (00:00 -04:00 goes to 01:00 -03:00).
    'America/Santiago 2026-04-04T08:00': {
      today: ['2026-04-04T03:00:00.000Z', '2026-04-05T03:59:59.999Z'],
    },
    'America/Santiago 2026-09-06T12:00': {
      today: ['2026-09-06T04:00:00.000Z', '2026-09-07T02:59:59.999Z'],
    },
  },
};

describe.each(Object.entries(SCENARIOS))('date presets (SPEC §9) %s', (_edge, scenarios) => {
  it.each(Object.entries(scenarios))('in %s', (zoneAndNow, ranges) => {
    const [zone, now] = zoneAndNow.split(' ');
    expect(presetsAt(zone, now, Object.keys(ranges))).toEqual(ranges);
  });
});

describe('date presets', () => {
  const hoursOf = (zone: string, now: string) => {
    const [from, to] = presetsAt(zone, now, ['today']).today.map(Date.parse);
    return (to + 1 - from) / HOUR_MS;
  };

  it('make the days the clocks change 23 or 25 hours long, and the others 24', () => {
    expect([hoursOf(LON, '2026-03-29T12:00'), hoursOf(LON, '2026-10-25T12:00')]).toEqual([23, 25]);
    expect([hoursOf(LAX, '2026-03-08T12:00'), hoursOf(LAX, '2026-11-01T12:00')]).toEqual([23, 25]);
    expect([hoursOf(JNB, '2026-03-29T12:00'), hoursOf(JNB, '2026-11-01T12:00')]).toEqual([24, 24]);
  });

  it('take now from the clock, in the user zone', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    setUserZone(LAX);
    // 07:59:59.999 UTC on 20 November is still Thursday 19 November in Los Angeles.
    vi.setSystemTime(new Date('2026-11-20T07:59:59.999Z'));
    expect(isoOf(rangePickerPresets()[0].value)).toEqual([
      '2026-11-19T08:00:00.000Z',
      '2026-11-20T07:59:59.999Z',
    ]);
    vi.setSystemTime(new Date('2026-11-20T08:00:00.000Z'));
    expect(isoOf(rangePickerPresets()[0].value)[0]).toBe('2026-11-20T08:00:00.000Z');
  });
});
