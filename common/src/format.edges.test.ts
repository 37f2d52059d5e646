// SPEC §9 time wording and rounding at the edges: midnight, month and year ends, leap days and days
// the clocks change. Instants are written in UTC and checked against the wall clock of a named zone,
// so the results are the same whatever zone the machine runs in.
import { describe, expect, it } from 'vitest';
import { formatDuration, formatRelative, roundToQuarterHour } from './format';

const DAY = 86400;
const JNB = 'Africa/Johannesburg'; // +02:00 all year
const LON = 'Europe/London'; // 29 Mar 2026 01:00 UTC to 02:00 BST; 25 Oct 01:00 UTC back to 01:00 GMT
const LAX = 'America/Los_Angeles'; // 8 Mar 2026 02:00 PST to 03:00 PDT; 1 Nov 02:00 PDT to 01:00 PST

// Swedish dates and times are written the ISO way: 'YYYY-MM-DD HH:mm'.
const wallClock = (instant: Date, timeZone: string) =>
  instant.toLocaleString('sv-SE', { timeZone, dateStyle: 'short', timeStyle: 'short' });

// [instant (UTC), zone, the instant it rounds to, that instant's wall clock in the zone]
const ROUNDINGS: [string, string, string, string][] = [
  // 03:08 UTC is 08:53 in Kathmandu (+05:45), 11:53 in Eucla (+08:45) and 08:38 in Kolkata (+05:30).
  ['2026-06-15T03:08:00Z', 'Asia/Kathmandu', '2026-06-15T03:15:00.000Z', '2026-06-15 09:00'],
  ['2026-06-15T03:08:00Z', 'Australia/Eucla', '2026-06-15T03:15:00.000Z', '2026-06-15 12:00'],
  ['2026-06-15T03:08:00Z', 'Asia/Kolkata', '2026-06-15T03:15:00.000Z', '2026-06-15 08:45'],
  // Half way (7 min 30 s past a quarter) rounds up.
  ['2026-06-15T03:07:29.999Z', 'Asia/Kathmandu', '2026-06-15T03:00:00.000Z', '2026-06-15 08:45'],
  ['2026-06-15T03:07:30.000Z', 'Asia/Kathmandu', '2026-06-15T03:15:00.000Z', '2026-06-15 09:00'],
  // 23:59:59.999 on 31 December 2026, and 23:52:30 on 31 January and on 29 February 2028.
  ['2026-12-31T21:59:59.999Z', JNB, '2026-12-31T22:00:00.000Z', '2027-01-01 00:00'],
  ['2027-01-01T07:59:59.999Z', LAX, '2027-01-01T08:00:00.000Z', '2027-01-01 00:00'],
  ['2026-01-31T21:52:30.000Z', JNB, '2026-01-31T22:00:00.000Z', '2026-02-01 00:00'],
  ['2028-02-29T21:52:30.000Z', JNB, '2028-02-29T22:00:00.000Z', '2028-03-01 00:00'],
  // 23:52:29.999 on 30 April stays on that day; midnight is a quarter hour already.
  ['2026-04-30T21:52:29.999Z', JNB, '2026-04-30T21:45:00.000Z', '2026-04-30 23:45'],
  ['2026-04-30T22:00:00.000Z', JNB, '2026-04-30T22:00:00.000Z', '2026-05-01 00:00'],
  // 7 minutes before each clock change, rounding by elapsed time onto the new wall clock.
  ['2026-03-29T00:53:00Z', LON, '2026-03-29T01:00:00.000Z', '2026-03-29 02:00'],
  ['2026-10-25T00:53:00Z', LON, '2026-10-25T01:00:00.000Z', '2026-10-25 01:00'],
  ['2026-03-08T09:53:00Z', LAX, '2026-03-08T10:00:00.000Z', '2026-03-08 03:00'],
  ['2026-11-01T08:53:00Z', LAX, '2026-11-01T09:00:00.000Z', '2026-11-01 01:00'],
  // The same instants in Johannesburg, which keeps its clocks.
  ['2026-03-29T00:53:00Z', JNB, '2026-03-29T01:00:00.000Z', '2026-03-29 03:00'],
  ['2026-11-01T08:53:00Z', JNB, '2026-11-01T09:00:00.000Z', '2026-11-01 11:00'],
];

describe('rounding to 15 minutes (SPEC §9) onto quarter hours of the user wall clock', () => {
  it.each(ROUNDINGS)('%s in %s rounds to %s (%s)', (instant, zone, iso, wall) => {
    const rounded = roundToQuarterHour(new Date(instant));
    expect([rounded.toISOString(), wallClock(rounded, zone)]).toEqual([iso, wall]);
  });
});

// [seconds, wording]: each unit gives way to the next when the rounded count fills it.
const DURATIONS: [number, string][] = [
  [59.4, '59 seconds'],
  [59.5, '1 minute'],
  [59 * 60 + 29, '59 minutes'],
  [59 * 60 + 30, '1 hour'],
  [DAY - 31, '23 hours 59 minutes'],
  [DAY - 30, '1 day'],
  [2 * DAY - 30 * 60 - 1, '1 day 23 hours'],
  [2 * DAY - 30 * 60, '2 days'],
  [-5, '0 seconds'],
  // Midnight to midnight in London on 29 March and 25 October 2026, and 29 February 2028.
  [(Date.parse('2026-03-29T23:00Z') - Date.parse('2026-03-29T00:00Z')) / 1000, '23 hours'],
  [(Date.parse('2026-10-26T00:00Z') - Date.parse('2026-10-24T23:00Z')) / 1000, '1 day 1 hour'],
  [(Date.parse('2028-03-01T00:00Z') - Date.parse('2028-02-29T00:00Z')) / 1000, '1 day'],
];

describe('duration wording (SPEC §9: rounds at 30 seconds / 30 minutes)', () => {
  it.each(DURATIONS)('words %d seconds as %s', (seconds, wording) => {
    expect(formatDuration(seconds)).toBe(wording);
  });
});

// [from, now, wording]: elapsed time, so days the clocks change are 23 or 25 hours.
const RELATIVE: [string, string, string][] = [
  ['2026-12-31T23:59:00.600Z', '2027-01-01T00:00:00.000Z', '59 seconds ago'],
  ['2026-12-31T23:59:00.500Z', '2027-01-01T00:00:00.000Z', '1 minute ago'],
  ['2026-12-31T23:00:31.000Z', '2027-01-01T00:00:00.000Z', '59 minutes ago'],
  ['2026-12-31T23:00:30.000Z', '2027-01-01T00:00:00.000Z', '1 hour ago'],
  ['2026-12-31T00:30:01.000Z', '2027-01-01T00:00:00.000Z', '23 hours ago'],
  ['2026-12-31T00:30:00.000Z', '2027-01-01T00:00:00.000Z', '1 day ago'],
  ['2026-12-02T12:00:01.000Z', '2027-01-01T00:00:00.000Z', '29 days ago'],
  ['2026-12-02T12:00:00.000Z', '2027-01-01T00:00:00.000Z', '1 month ago'],
  ['2026-01-21T00:00:01.000Z', '2027-01-01T00:00:00.000Z', '11 months ago'],
  ['2026-01-21T00:00:00.000Z', '2027-01-01T00:00:00.000Z', '1 year ago'],
  ['2025-07-02T00:00:00.000Z', '2027-01-01T00:00:00.000Z', '2 years ago'],
  // 23:59:59.999 on 31 December 2026 to midnight in Johannesburg; a time in the future.
  ['2026-12-31T21:59:59.999Z', '2026-12-31T22:00:00.000Z', '0 seconds ago'],
  ['2026-12-31T22:00:05.000Z', '2026-12-31T22:00:00.000Z', '0 seconds ago'],
  // 1 March 2027 to 1 March 2028 is 366 days; 31 January to 1 March, 30 with 29 February.
  ['2027-03-01T00:00:00.000Z', '2028-03-01T00:00:00.000Z', '1 year ago'],
  ['2028-01-31T00:00:00.000Z', '2028-03-01T00:00:00.000Z', '1 month ago'],
  ['2027-01-31T00:00:00.000Z', '2027-03-01T00:00:00.000Z', '29 days ago'],
  // Noon to noon in London over 29 March and 25 October 2026; 01:30 PDT to 01:30 PST.
  ['2026-03-28T12:00:00.000Z', '2026-03-29T11:00:00.000Z', '23 hours ago'],
  ['2026-10-24T11:00:00.000Z', '2026-10-25T12:00:00.000Z', '1 day ago'],
  ['2026-11-01T08:30:00.000Z', '2026-11-01T09:30:00.000Z', '1 hour ago'],
];

describe('relative time (SPEC §9: seconds, minutes, hours, days, months, years ago)', () => {
  it.each(RELATIVE)('from %s to %s is %s', (from, now, wording) => {
    expect(formatRelative(Date.parse(from), Date.parse(now))).toBe(wording);
  });
});
