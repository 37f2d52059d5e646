// The periods scheduled reports cover, as instants (issue 14; server/src/reports/schedule.ts): the
// period just ended in the CLIENT's zone, from local midnight to local midnight, so a day of a
// daylight-saving change is 23 or 25 hours long and a week still starts at midnight on Monday;
// a run is due RUN_DELAY_MS (10 minutes) after its period ends.
import { describe, expect, it } from 'vitest';
import {
  isDue,
  latestEndedPeriod,
  nextRunAt,
  RUN_DELAY_MS,
  runParams,
} from '../../src/reports/schedule';
import { reportById } from '@fleet/common';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const t = (text: string) => Date.parse(text);
const JHB = 'Africa/Johannesburg';
const LONDON = 'Europe/London';

describe('latestEndedPeriod', () => {
  it('monthly on 1 Dec in Johannesburg covers 1-30 Nov, SAST midnight to midnight', () => {
    const p = latestEndedPeriod('monthly', JHB, t('2026-12-01T00:10:00+02:00'));
    expect(p).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
      start: t('2026-11-01T00:00:00+02:00'),
      end: t('2026-12-01T00:00:00+02:00'),
    });
    // 22:10 UTC on 30 Nov: in UTC November has not ended yet, in the client's zone it has.
    expect(new Date(t('2026-12-01T00:10:00+02:00')).toISOString()).toBe('2026-11-30T22:10:00.000Z');
    expect(p.end - p.start).toBe(30 * DAY);
  });

  it('is the period before until the run delay has passed', () => {
    expect(latestEndedPeriod('monthly', JHB, t('2026-12-01T00:09:59+02:00'))).toMatchObject({
      from: '2026-10-01',
      to: '2026-10-31',
    });
    expect(RUN_DELAY_MS).toBe(10 * 60_000);
  });

  it('daily across a month end: on 1 Dec it covers 30 Nov', () => {
    const p = latestEndedPeriod('daily', JHB, t('2026-12-01T06:00:00+02:00'));
    expect(p).toEqual({
      from: '2026-11-30',
      to: '2026-11-30',
      start: t('2026-11-30T00:00:00+02:00'),
      end: t('2026-12-01T00:00:00+02:00'),
    });
  });

  it('weekly: Monday 00:00 to the next Monday 00:00, whichever day it is read', () => {
    const wednesday = latestEndedPeriod('weekly', JHB, t('2026-12-02T15:00:00+02:00'));
    expect(wednesday).toEqual({
      from: '2026-11-23',
      to: '2026-11-29',
      start: t('2026-11-23T00:00:00+02:00'),
      end: t('2026-11-30T00:00:00+02:00'),
    });
    expect(new Date(wednesday.start).getUTCDay()).toBe(0); // Sunday 22:00 UTC is Monday in SAST
  });

  it('London in October: the last Sunday has 25 hours and the week still starts at local midnight Monday', () => {
    // 25 Oct 2026 is the last Sunday of October: at 02:00 BST the clocks go back to 01:00 GMT.
    const week = latestEndedPeriod('weekly', LONDON, t('2026-10-26T00:10:00Z'));
    expect(week).toEqual({
      from: '2026-10-19',
      to: '2026-10-25',
      start: t('2026-10-19T00:00:00+01:00'), // BST
      end: t('2026-10-26T00:00:00+00:00'), // GMT
    });
    expect(week.end - week.start).toBe(7 * DAY + HOUR);
    const sunday = latestEndedPeriod('daily', LONDON, t('2026-10-26T00:10:00Z'));
    expect(sunday).toMatchObject({ from: '2026-10-25', to: '2026-10-25' });
    expect(sunday.end - sunday.start).toBe(25 * HOUR);
    // The Monday after is an ordinary 24-hour day starting at 00:00 GMT.
    const monday = latestEndedPeriod('daily', LONDON, t('2026-10-27T00:10:00Z'));
    expect(monday.start).toBe(t('2026-10-26T00:00:00Z'));
    expect(monday.end - monday.start).toBe(DAY);
  });

  it('London in March: the last Sunday has 23 hours', () => {
    const sunday = latestEndedPeriod('daily', LONDON, t('2026-03-30T00:10:00+01:00'));
    expect(sunday).toMatchObject({ from: '2026-03-29', start: t('2026-03-29T00:00:00Z') });
    expect(sunday.end - sunday.start).toBe(23 * HOUR);
  });

  it('a zone ahead of UTC by 13 hours ends its month on the previous UTC day', () => {
    const p = latestEndedPeriod('monthly', 'Pacific/Auckland', t('2026-11-30T11:15:00Z'));
    expect(p).toMatchObject({
      from: '2026-11-01',
      to: '2026-11-30',
      start: t('2026-11-01T00:00:00+13:00'),
      end: t('2026-12-01T00:00:00+13:00'),
    });
  });
});

describe('isDue and nextRunAt', () => {
  const at = t('2026-12-02T15:00:00+02:00'); // a Wednesday
  const longAgo = t('2026-01-01T00:00:00Z');
  const never = () => false;
  const always = () => true;

  it('a period not yet run is due at its end plus the delay', () => {
    expect(nextRunAt('daily', JHB, at, longAgo, never)).toBe(t('2026-12-02T00:10:00+02:00'));
    expect(nextRunAt('weekly', JHB, at, longAgo, never)).toBe(t('2026-11-30T00:10:00+02:00'));
    expect(nextRunAt('monthly', JHB, at, longAgo, never)).toBe(t('2026-12-01T00:10:00+02:00'));
  });

  it('once run, the next run is at the end of the period under way', () => {
    expect(nextRunAt('daily', JHB, at, longAgo, always)).toBe(t('2026-12-03T00:10:00+02:00'));
    expect(nextRunAt('weekly', JHB, at, longAgo, always)).toBe(t('2026-12-07T00:10:00+02:00'));
    expect(nextRunAt('monthly', JHB, at, longAgo, always)).toBe(t('2027-01-01T00:10:00+02:00'));
  });

  it('a schedule made after a period ended does not report that period', () => {
    const madeToday = t('2026-12-02T09:00:00+02:00');
    const yesterday = latestEndedPeriod('daily', JHB, at);
    expect(isDue(yesterday, madeToday, false)).toBe(false);
    expect(isDue(yesterday, yesterday.end - 1, false)).toBe(true);
    expect(isDue(yesterday, longAgo, true)).toBe(false);
    expect(nextRunAt('daily', JHB, at, madeToday, never)).toBe(t('2026-12-03T00:10:00+02:00'));
  });
});

describe('runParams', () => {
  it("gives the run's period as date_range, and none to a report of now", () => {
    const schedule = { ids: [4, 5], ids_type: 'units', parameters: { tag: 3 } };
    const period = { from: '2026-11-01', to: '2026-11-30' };
    expect(runParams(reportById('fleet_summary')!, schedule, period)).toEqual({
      report: 'fleet_summary',
      ids: [4, 5],
      ids_type: 'units',
      tag: 3,
      date_range: ['2026-11-01', '2026-11-30'],
    });
    expect(runParams(reportById('last_position')!, schedule, period)).not.toHaveProperty(
      'date_range',
    );
  });
});
