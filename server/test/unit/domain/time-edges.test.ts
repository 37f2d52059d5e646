// The user's day (ARCHITECTURE §4: days are computed in the user's time zone) at its edges:
// midnight, month and year ends, a leap day, and the days the clocks change, which are 23 or 25
// hours long. Every instant is written in UTC with its wall clock in the zone beside it, so the
// results are the same whatever zone the machine runs in.
import { describe, expect, it } from 'vitest';
import { startOfDay, zoneOffsetMinutes } from '../../../src/domain/time';

const JNB = 'Africa/Johannesburg'; // +02:00 all year
const LON = 'Europe/London'; // 29 Mar 2026 00:59:59 GMT to 02:00 BST; 25 Oct 01:59:59 BST to 01:00 GMT
const LAX = 'America/Los_Angeles'; // 8 Mar 2026 01:59:59 PST to 03:00 PDT; 1 Nov PDT back to PST
const AKL = 'Pacific/Auckland'; // +13:00 in its summer

// [zone, instant (UTC), its wall clock there, the zone's offset then in minutes]
const OFFSETS: [string, string, string, number][] = [
  [LON, '2026-03-29T00:59:59.999Z', '00:59:59.999 GMT', 0],
  [LON, '2026-03-29T01:00:00.000Z', '02:00 BST', 60],
  [LON, '2026-10-25T00:59:59.999Z', '01:59:59.999 BST', 60],
  [LON, '2026-10-25T01:00:00.000Z', '01:00 GMT', 0],
  [LAX, '2026-03-08T09:59:59.999Z', '01:59:59.999 PST', -480],
  [LAX, '2026-03-08T10:00:00.000Z', '03:00 PDT', -420],
  [LAX, '2026-11-01T08:59:59.999Z', '01:59:59.999 PDT', -420],
  [LAX, '2026-11-01T09:00:00.000Z', '01:00 PST', -480],
  [JNB, '2026-03-29T01:00:00.000Z', '03:00 SAST', 120],
  [JNB, '2026-11-01T09:00:00.000Z', '11:00 SAST', 120],
  ['Asia/Kolkata', '2026-06-15T03:08:00.000Z', '08:38 IST', 330],
  ['Asia/Kathmandu', '2026-06-15T03:08:00.000Z', '08:53 NPT', 345],
  ['Australia/Eucla', '2026-06-15T03:08:00.000Z', '11:53 ACWST', 525],
];

describe('zone offsets at the clock changes', () => {
  it.each(OFFSETS)('%s at %s (%s) is %i minutes', (zone, instant, _wall, offset) => {
    expect(zoneOffsetMinutes(zone, Date.parse(instant))).toBe(offset);
  });
});

// [zone, instant (UTC), its wall clock there, the start of its day (UTC)]
const DAY_STARTS: [string, string, string, string][] = [
  // The first and last milliseconds of a day, and the first of the next.
  [JNB, '2026-11-19T22:00:00.000Z', '20 Nov 00:00', '2026-11-19T22:00:00.000Z'],
  [JNB, '2026-11-20T21:59:59.999Z', '20 Nov 23:59:59.999', '2026-11-19T22:00:00.000Z'],
  [JNB, '2026-11-20T22:00:00.000Z', '21 Nov 00:00', '2026-11-20T22:00:00.000Z'],
  [LAX, '2026-11-20T08:00:00.000Z', '20 Nov 00:00 PST', '2026-11-20T08:00:00.000Z'],
  [LAX, '2026-11-21T07:59:59.999Z', '20 Nov 23:59:59.999 PST', '2026-11-20T08:00:00.000Z'],
  [LAX, '2026-11-21T08:00:00.000Z', '21 Nov 00:00 PST', '2026-11-21T08:00:00.000Z'],
  // Month ends, the year end and the leap day.
  [JNB, '2026-01-31T21:59:59.999Z', '31 Jan 23:59:59.999', '2026-01-30T22:00:00.000Z'],
  [JNB, '2026-01-31T22:00:00.000Z', '1 Feb 00:00', '2026-01-31T22:00:00.000Z'],
  [JNB, '2026-04-30T21:59:59.999Z', '30 Apr 23:59:59.999', '2026-04-29T22:00:00.000Z'],
  [JNB, '2026-12-31T21:59:59.999Z', '31 Dec 2026 23:59:59.999', '2026-12-30T22:00:00.000Z'],
  [JNB, '2026-12-31T22:00:00.000Z', '1 Jan 2027 00:00', '2026-12-31T22:00:00.000Z'],
  [JNB, '2028-02-29T12:00:00.000Z', '29 Feb 2028 14:00', '2028-02-28T22:00:00.000Z'],
  [JNB, '2028-02-29T22:00:00.000Z', '1 Mar 2028 00:00', '2028-02-29T22:00:00.000Z'],
  [AKL, '2026-12-31T10:59:59.999Z', '31 Dec 2026 23:59:59.999', '2026-12-30T11:00:00.000Z'],
  [AKL, '2026-12-31T11:00:00.000Z', '1 Jan 2027 00:00', '2026-12-31T11:00:00.000Z'],
  [AKL, '2028-02-29T10:59:59.999Z', '29 Feb 2028 23:59:59.999', '2028-02-28T11:00:00.000Z'],
  // London's 23-hour 29 March starts at 00:00 GMT, its 25-hour 25 October at 00:00 BST.
  [LON, '2026-03-29T00:30:00.000Z', '29 Mar 00:30 GMT', '2026-03-29T00:00:00.000Z'],
  [LON, '2026-03-29T12:00:00.000Z', '29 Mar 13:00 BST', '2026-03-29T00:00:00.000Z'],
  [LON, '2026-03-29T22:59:59.999Z', '29 Mar 23:59:59.999 BST', '2026-03-29T00:00:00.000Z'],
  [LON, '2026-10-25T00:30:00.000Z', '25 Oct 01:30 BST', '2026-10-24T23:00:00.000Z'],
  [LON, '2026-10-25T01:30:00.000Z', '25 Oct 01:30 GMT', '2026-10-24T23:00:00.000Z'],
  [LON, '2026-10-25T23:59:59.999Z', '25 Oct 23:59:59.999 GMT', '2026-10-24T23:00:00.000Z'],
  // Los Angeles: 8 March starts at 00:00 PST and 1 November at 00:00 PDT.
  [LAX, '2026-03-08T20:00:00.000Z', '8 Mar 13:00 PDT', '2026-03-08T08:00:00.000Z'],
  [LAX, '2026-03-09T06:59:59.999Z', '8 Mar 23:59:59.999 PDT', '2026-03-08T08:00:00.000Z'],
  [LAX, '2026-11-01T20:00:00.000Z', '1 Nov 12:00 PST', '2026-11-01T07:00:00.000Z'],
  [LAX, '2026-11-02T07:59:59.999Z', '1 Nov 23:59:59.999 PST', '2026-11-01T07:00:00.000Z'],
  // Johannesburg keeps +02:00 on those days.
  [JNB, '2026-03-29T12:00:00.000Z', '29 Mar 14:00', '2026-03-28T22:00:00.000Z'],
  [JNB, '2026-11-01T20:00:00.000Z', '1 Nov 22:00', '2026-10-31T22:00:00.000Z'],
  // Santiago skips midnight on 6 September 2026 (00:00 -04 becomes 01:00 -03): the day starts at
  // 01:00. Havana shows midnight twice on 1 November 2026 (01:00 -04 goes back to 00:00 -05): the
  // day starts at the first.
  ['America/Santiago', '2026-09-06T15:00:00.000Z', '6 Sep 12:00 -03', '2026-09-06T04:00:00.000Z'],
  ['America/Havana', '2026-11-01T17:00:00.000Z', '1 Nov 12:00 -05', '2026-11-01T04:00:00.000Z'],
];

describe('start of the user day', () => {
  it.each(DAY_STARTS)('%s at %s (%s) is %s', (zone, instant, _wall, start) => {
    expect(new Date(startOfDay(zone, Date.parse(instant))).toISOString()).toBe(start);
  });
});
