// The season year of SPEC §5 (2 January 00:00 to 1 March 23:59:59.999 of the next year) at its
// edges, in the user's zone. Every instant is written in UTC with the wall clock it has in the zone
// beside it, so the expectations hold whatever zone the machine runs in (try TZ=UTC and
// TZ=Pacific/Auckland: the season used to start at the machine's midnight).
import { describe, expect, it } from 'vitest';
import { inSeasonYear } from './validators';

/** [zone, season year, an instant (UTC), the wall clock it has in the zone] */
type Moment = [zone: string, seasonYear: number, instant: string, wallClock: string];

const JNB = 'Africa/Johannesburg'; // +02:00 all year
const AKL = 'Pacific/Auckland'; // +13:00 from September to April
const LAX = 'America/Los_Angeles'; // -08:00, -07:00 from March to November
const LON = 'Europe/London'; // +00:00, +01:00 from March to October

// The first instant of each season, the millisecond before it outside.
const STARTS: Moment[] = [
  [JNB, 2026, '2026-01-01T22:00:00.000Z', '2 Jan 2026 00:00'],
  [AKL, 2026, '2026-01-01T11:00:00.000Z', '2 Jan 2026 00:00'],
  [LAX, 2026, '2026-01-02T08:00:00.000Z', '2 Jan 2026 00:00'],
  [JNB, 2027, '2027-01-01T22:00:00.000Z', '2 Jan 2027 00:00, after the year end'],
];

// The first instant after each season, the millisecond before it (1 March 23:59:59.999) inside.
const ENDS: Moment[] = [
  [JNB, 2026, '2027-03-01T22:00:00.000Z', '2 Mar 2027 00:00'],
  [AKL, 2026, '2027-03-01T11:00:00.000Z', '2 Mar 2027 00:00'],
  [LAX, 2026, '2027-03-02T08:00:00.000Z', '2 Mar 2027 00:00'],
  [JNB, 2027, '2028-03-01T22:00:00.000Z', '2 Mar 2028 00:00, after 29 February'],
  [LAX, 2027, '2028-03-02T08:00:00.000Z', '2 Mar 2028 00:00, after 29 February'],
];

// Inside their season: the year end, the leap day, and the edges of days the clocks change.
const INSIDE: Moment[] = [
  [JNB, 2026, '2026-12-31T22:00:00.000Z', '1 Jan 2027 00:00'],
  [LON, 2026, '2027-01-01T23:59:59.999Z', '1 Jan 2027 23:59:59.999'],
  [JNB, 2027, '2028-02-28T22:00:00.000Z', '29 Feb 2028 00:00'],
  [JNB, 2028, '2028-03-01T22:00:00.000Z', '2 Mar 2028 00:00'],
  [LON, 2026, '2026-03-29T22:59:59.999Z', '29 Mar 2026 23:59:59.999 BST, a 23-hour day'],
  [LON, 2026, '2026-10-24T23:00:00.000Z', '25 Oct 2026 00:00 BST, a 25-hour day'],
  [LAX, 2026, '2026-11-02T07:59:59.999Z', '1 Nov 2026 23:59:59.999 PST, a 25-hour day'],
];

const inSeason = (zone: string, year: number, instant: number) =>
  inSeasonYear(new Date(instant), year, zone);

describe('season year (SPEC §5) in the user zone', () => {
  it.each(STARTS)('%s: season %i starts at %s (%s)', (zone, year, iso) => {
    const start = Date.parse(iso);
    expect([inSeason(zone, year, start - 1), inSeason(zone, year, start)]).toEqual([false, true]);
  });

  it.each(ENDS)('%s: season %i has ended at %s (%s)', (zone, year, iso) => {
    const after = Date.parse(iso);
    expect([inSeason(zone, year, after - 1), inSeason(zone, year, after)]).toEqual([true, false]);
  });

  it.each(INSIDE)('%s: season %i holds %s (%s)', (zone, year, iso) => {
    expect(inSeason(zone, year, Date.parse(iso))).toBe(true);
  });

  it('is false for an invalid date', () => {
    expect(inSeasonYear(new Date(Number.NaN), 2026, JNB)).toBe(false);
  });
});
